import type { Metadata } from 'next';
import { ServiceProblem } from '@/components/shell/service-problem';
import { StayFilters } from '@/components/stays/filters';
import { StaysTable } from '@/components/stays/stays-table';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { objectsOf } from '@/lib/portal/config/view';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { formatDate, formatEuro, formatNumber } from '@/lib/portal/format';
import { arrivalMonths, listForms } from '@/lib/portal/stays/forms-index';
import { describeErrorCode } from '@/lib/portal/api/errors';
import { fmt } from '@/lib/portal/i18n';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { stayQueryHref } from '@/lib/portal/stays/query';
import { asFormState, parseStayQuery } from '@/lib/portal/stays/query-parse';
import { syncShownIndex } from '../actions';
import { refreshStays } from './actions';
import { IndexSync } from '@/components/stays/index-sync';
import { indexSyncTiming } from '@/lib/portal/stays/index-sync';
import { keptRender } from '@/lib/portal/kept-pages/declare';
import { PendingLink } from '@/components/ui/pending-link';
import { getDb } from '@/lib/db';
import { arrivalFlags } from '@/lib/portal/arrival/day';
import { arrivalMessages, type ArrivalMessages } from '@/lib/portal/i18n/arrival';
import { berlinToday } from '@/lib/wire/time';

/** A stay whose registration form is due today or was left unconfirmed is flagged in the list. */
function flagText(
  flag: 'open' | 'due' | 'overdue' | undefined,
  a: ArrivalMessages,
): { text: string; overdue: boolean } | undefined {
  if (flag === 'due') return { text: a.status.due, overdue: false };
  if (flag === 'overdue') return { text: a.listFlagOverdue, overdue: true };
  return undefined;
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.stays.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StaysPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const query = parseStayQuery(sp);
  const here = stayQueryHref(query);
  const session = await verifySession(here);
  const { lang, m } = await getI18n();
  const s = m.stays;
  const owner = ownerOf(session);
  // Reads only: the index is brought up to date by actions (IndexSync below, the refresh button).
  const loaded = await guarded(here, () => loadConfig(session));
  if (!loaded.ok) return <ServiceProblem error={loaded.error} m={m} title={s.title} />;
  const objects = objectsOf(loaded.value);
  const names = new Map(objects.map((o) => [o.id, o.alias]));
  const keep = await keptRender(session);
  const { shownAt, dueAt } = await indexSyncTiming(session);
  const [page, months] = await Promise.all([listForms(owner, query), arrivalMonths(owner)]);
  const today = berlinToday();
  const flags = await arrivalFlags(
    await getDb(),
    owner,
    page.rows.map((r) => r.formId),
    today,
  );
  const a = arrivalMessages(lang);
  await keep(dueAt);
  const filtered = !!(query.objekt || query.month || query.state);

  const rows = page.rows.map((r) => ({
    id: r.formId,
    number: r.meldescheinnummer,
    objekt: names.get(r.objektId) ?? String(r.objektId),
    guest: r.firstGuestName ?? '–',
    arrival: formatDate(r.arrivalDate, lang),
    departure: formatDate(r.departureDate, lang),
    guests: r.guests,
    nights: formatNumber(r.nights, lang),
    kurtaxe: formatEuro(r.kurtaxeCents, lang),
    state: asFormState(r.state),
    arrivalFlag: flagText(flags.get(r.formId), a),
  }));

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{s.title}</h1>
          <p className="mt-1 text-slate-800">{s.intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <form action={refreshStays}>
            <input type="hidden" name="back" value={here} />
            <SubmitButton variant="secondary" pendingLabel={m.common.loading}>
              {s.refresh}
            </SubmitButton>
          </form>
          <PendingLink href="/aufenthalte/neu" className={buttonClass('primary')}>
            {m.nav.newStay}
          </PendingLink>
        </div>
      </div>
      {shownAt !== null ? <IndexSync sync={syncShownIndex} shownAt={shownAt} /> : null}
      {sp.aktualisiert ? <Notice tone="success">{s.refreshed}</Notice> : null}
      {typeof sp.fehler === 'string' ? (
        <Notice tone="error">{`${describeErrorCode(sp.fehler, m)} ${s.refreshFailed}`}</Notice>
      ) : null}
      <StayFilters query={query} objects={objects} months={months} m={m} lang={lang} />

      {page.count === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-400 bg-white p-6 text-center">
          {filtered ? s.noMatch : s.empty}
        </p>
      ) : (
        <>
          <StaysTable
            rows={rows}
            query={query}
            m={m}
            labels={{
              caption: s.title,
              sortBy: m.overview.sortBy,
              sortedAsc: m.overview.sortedAsc,
              sortedDesc: m.overview.sortedDesc,
              sortCards: m.overview.sortCards,
            }}
            totals={{
              // Cancelled stays are listed but count nowhere (issue 11).
              label: fmt(filtered ? s.totals : s.totalsAll, { n: page.counted }),
              note: page.cancelled ? fmt(s.cancelledNotCounted, { n: page.cancelled }) : undefined,
              guests: page.totalGuests,
              nights: formatNumber(page.totalNights, lang),
              kurtaxe: formatEuro(page.totalKurtaxeCents, lang),
            }}
          />
          {page.pages > 1 ? (
            <nav aria-label={s.pagination} className="flex items-center justify-between gap-2">
              {page.page > 1 ? (
                <PendingLink
                  href={stayQueryHref({ ...query, page: page.page - 1 })}
                  className={buttonClass('secondary')}
                  rel="prev"
                >
                  ← {s.prev}
                </PendingLink>
              ) : (
                <span />
              )}
              <p className="text-sm" aria-current="page">
                {fmt(s.page, { page: page.page, pages: page.pages })}
              </p>
              {page.page < page.pages ? (
                <PendingLink
                  href={stayQueryHref({ ...query, page: page.page + 1 })}
                  className={buttonClass('secondary')}
                  rel="next"
                >
                  {s.next} →
                </PendingLink>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
