import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { StayForm } from '@/components/meldeschein-form/stay-form';
import { ObjectChooser } from '@/components/meldeschein-form/object-chooser';
import { ServiceProblem } from '@/components/shell/service-problem';
import { Notice } from '@/components/ui/notice';
import { can, formConfigOf, gemeindeById, objectLabel, objectsOf } from '@/lib/portal/config/view';
import { countryOptions } from '@/lib/portal/config/countries';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { draftValues } from '@/lib/portal/stays/draft-values';
import { takeDraft } from '@/lib/portal/stays/drafts';
import { newRequestId } from '@/lib/portal/stays/form-actions';
import { completeGuest, emptyGuest } from '@/lib/portal/guest-form/values';
import { fmt } from '@/lib/portal/i18n';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { berlinToday } from '@/lib/wire/time';
import { bookStay } from './actions';

const PATH = '/aufenthalte/neu';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.form.titleNew };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function NewStayPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const session = await verifySession(PATH);
  const { lang, m } = await getI18n();
  const loaded = await guarded(PATH, () => loadConfig(session));
  if (!loaded.ok) return <ServiceProblem error={loaded.error} m={m} title={m.form.titleNew} />;
  const config = loaded.value;
  const objects = objectsOf(config);
  const title = <h1 className="text-2xl font-bold">{m.form.titleNew}</h1>;
  if (!objects.length || !can(config, 'meldeschein.add_meldeschein')) {
    return (
      <div className="space-y-4">
        {title}
        <Notice tone="warning">
          {objects.length ? m.apiErrors.permission_denied : m.form.noObjects}
        </Notice>
      </div>
    );
  }

  const draft = one(sp.entwurf) ? draftValues(await takeDraft(ownerOf(session), 'new')) : undefined;
  const chosenId =
    draft?.objektId || one(sp.objekt) || (objects.length === 1 ? String(objects[0]!.id) : '');
  const chosen = objects.find((o) => String(o.id) === chosenId);
  const gemeindeIds = new Set(objects.map((o) => o.gemeindeId));
  // Fields and tariffs belong to a municipality: with objects in several, the object comes first.
  const gemeindeId =
    chosen?.gemeindeId ?? (gemeindeIds.size === 1 ? objects[0]!.gemeindeId : undefined);
  const gemeinde = gemeindeId ? gemeindeById(config, gemeindeId) : undefined;
  if (!gemeinde) {
    return (
      <div className="space-y-4">
        {title}
        <ObjectChooser objects={objects} m={m.form} />
      </div>
    );
  }
  const form = formConfigOf(gemeinde);
  const choices = objects.filter((o) => o.gemeindeId === gemeinde.id);
  const initialValues = draft
    ? { ...draft, guests: draft.guests.map((g) => completeGuest(g, form)) }
    : {
        objektId: chosen ? String(chosen.id) : choices.length === 1 ? String(choices[0]!.id) : '',
        arrival: '',
        departure: '',
        guests: [emptyGuest(form, { arrival: '', departure: '' })],
      };

  return (
    <div className="space-y-4">
      {title}
      <p className="text-slate-800">{m.form.introNew}</p>
      {gemeindeIds.size > 1 ? (
        <p className="text-sm">
          {fmt(m.form.gemeinde, { name: gemeinde.alias })} ·{' '}
          <Link href={`${PATH}?objekt=`} className="text-brand-700 underline">
            {m.form.otherObject}
          </Link>
        </p>
      ) : null}
      <StayForm
        mode="new"
        action={bookStay}
        config={form}
        objects={choices.map((o) => ({
          id: o.id,
          label: objectLabel(o),
          beds: o.beds,
        }))}
        today={berlinToday()}
        initialValues={initialValues}
        countries={countryOptions(lang)}
        m={m}
        lang={lang}
        restored={!!draft}
        requestId={newRequestId()}
      />
    </div>
  );
}
