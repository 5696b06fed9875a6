import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { StayForm } from '@/components/meldeschein-form/stay-form';
import { ServiceProblem } from '@/components/shell/service-problem';
import { Notice } from '@/components/ui/notice';
import { can, formConfigOf, gemeindeById } from '@/lib/portal/config/view';
import { countryOptions } from '@/lib/portal/config/countries';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { loadForm } from '@/lib/portal/stays/load-form';
import { draftValues } from '@/lib/portal/stays/draft-values';
import { takeDraft } from '@/lib/portal/stays/drafts';
import { newRequestId } from '@/lib/portal/stays/form-actions';
import { parseFormId } from '@/lib/portal/form-id';
import { guestName, isGroup } from '@/lib/portal/guest-form/guest-names';
import { completeGuest } from '@/lib/portal/guest-form/values';
import { valuesFromForm } from '@/lib/portal/guest-form/wire';
import { fmt } from '@/lib/portal/i18n';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { berlinToday } from '@/lib/wire/time';
import { updateStay } from './actions';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.detail.edit };
}

export default async function EditStayPage({ params, searchParams }: Props) {
  const formId = parseFormId((await params).id);
  if (!formId) notFound();
  const sp = await searchParams;
  const path = `/aufenthalte/${formId}/bearbeiten`;
  const session = await verifySession(path);
  const { lang, m } = await getI18n();
  const result = await guarded(path, async () => {
    const config = await loadConfig(session);
    return { config, loaded: await loadForm(session, config, formId) };
  });
  if (!result.ok) return <ServiceProblem error={result.error} m={m} title={m.detail.edit} />;
  const { config, loaded } = result.value;
  if (!loaded) notFound();
  const gemeinde = gemeindeById(config, loaded.gemeindeId);
  if (!gemeinde) notFound();
  const { form } = loaded;
  const title = (
    <h1 className="text-2xl font-bold">{fmt(m.form.titleEdit, { nr: form.meldescheinnummer })}</h1>
  );
  const back = `/aufenthalte/${formId}`;
  if (
    !(form.state === 'draft' || form.state === 'printed') ||
    !can(config, 'meldeschein.change_meldeschein')
  ) {
    return (
      <div className="space-y-4">
        {title}
        <Notice tone="warning">
          {fmt(m.detail.notChangeable, { state: m.states[form.state] })}
        </Notice>
        <Link href={back} className="text-brand-700 underline">
          {m.common.back}
        </Link>
      </div>
    );
  }
  const config_ = formConfigOf(gemeinde);
  const draft = sp.entwurf
    ? draftValues(await takeDraft(ownerOf(session), `edit:${formId}`))
    : undefined;
  const initialValues = draft
    ? { ...draft, guests: draft.guests.map((g) => completeGuest(g, config_)) }
    : valuesFromForm(form, config_);
  const savedGuests = Object.fromEntries(
    form.personen.map((g, i) => [
      String(g.id),
      isGroup(g)
        ? fmt(m.detail.groupOf, { n: g.anzahl })
        : (guestName(g) ?? fmt(m.detail.unnamed, { n: i + 1 })),
    ]),
  );

  return (
    <div className="space-y-4">
      {title}
      <p className="text-slate-800">
        {form.objekt.alias} · {m.form.introNew}
      </p>
      <StayForm
        mode="edit"
        action={updateStay.bind(null, String(formId))}
        config={config_}
        objects={[
          { id: form.objekt_id, label: form.objekt.alias, beds: form.objekt.anzahl_betten },
        ]}
        today={berlinToday()}
        initialValues={initialValues}
        countries={countryOptions(lang)}
        m={m}
        lang={lang}
        restored={!!draft}
        savedGuests={savedGuests}
        cancelHref={back}
        requestId={newRequestId()}
      />
    </div>
  );
}
