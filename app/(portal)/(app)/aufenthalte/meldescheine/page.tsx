// Export of the registration records (BeherbMeldV XML) of a period as a ZIP, for an authority's
// request (§ 30(4) BMG). A GET form: works without JavaScript.
import type { Metadata } from 'next';
import { buttonClass } from '@/components/ui/button';
import { CONTROL } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { getDb } from '@/lib/db';
import { recordsBetween } from '@/lib/portal/arrival/export';
import { defaultRange, parseRange } from '@/lib/portal/arrival/range';
import { fmt } from '@/lib/portal/i18n';
import { arrivalMessages } from '@/lib/portal/i18n/arrival';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { berlinToday } from '@/lib/wire/time';

const PATH = '/aufenthalte/meldescheine';

export async function generateMetadata(): Promise<Metadata> {
  return { title: arrivalMessages((await getI18n()).lang).exportTitle };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function RecordsExportPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const session = await verifySession(PATH);
  const { lang } = await getI18n();
  const a = arrivalMessages(lang);
  const asked = 'von' in sp || 'bis' in sp;
  const parsed = parseRange(sp);
  const range = parsed ?? defaultRange(berlinToday());
  const invalid = sp.fehler === 'zeitraum' || (asked && !parsed);
  const count = (await recordsBetween(await getDb(), ownerOf(session), range.from, range.to))
    .length;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{a.exportTitle}</h1>
      <p className="max-w-prose">{a.exportIntro}</p>
      {invalid ? <Notice tone="error">{a.exportInvalid}</Notice> : null}
      <form method="get" action={PATH} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="von" className="text-sm font-medium">
            {a.exportFrom}
          </label>
          <input id="von" name="von" type="date" defaultValue={range.from} className={CONTROL} />
        </div>
        <div>
          <label htmlFor="bis" className="text-sm font-medium">
            {a.exportTo}
          </label>
          <input id="bis" name="bis" type="date" defaultValue={range.to} className={CONTROL} />
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          {a.exportShow}
        </button>
      </form>
      {!invalid ? (
        <>
          <p data-testid="export-count">{fmt(a.exportCount, { n: count })}</p>
          <a
            href={`${PATH}/zip?von=${range.from}&bis=${range.to}`}
            className={buttonClass('primary')}
            download
          >
            {a.exportButton}
          </a>
        </>
      ) : null}
      <p className="max-w-prose text-sm text-slate-700">{a.schemaNote}</p>
    </div>
  );
}
