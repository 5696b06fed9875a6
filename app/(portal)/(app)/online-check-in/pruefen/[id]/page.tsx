// Reviewing a guest's check-in: the landlord's own registration form, filled with what the guests
// entered; booking it (or updating the booked stay) is one action.
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { StayForm } from '@/components/meldeschein-form/stay-form';
import { CheckinRelations } from '@/components/checkin/checkin-relations';
import { DISCARD_QUERY, DiscardCheckin } from '@/components/checkin/discard-checkin';
import { ServiceProblem } from '@/components/shell/service-problem';
import { Notice } from '@/components/ui/notice';
import { holdsObject } from '@/lib/portal/checkin/landlord';
import { partyFromSubmission } from '@/lib/portal/checkin/party';
import { findSubmission, type DiscardChoice } from '@/lib/portal/checkin/submissions';
import { formConfigOf, gemeindeById, objectLabel, objectsOf } from '@/lib/portal/config/view';
import { countryOptions } from '@/lib/portal/config/countries';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { loadForm } from '@/lib/portal/stays/load-form';
import { draftValues } from '@/lib/portal/stays/draft-values';
import { takeDraft } from '@/lib/portal/stays/drafts';
import { newRequestId } from '@/lib/portal/stays/form-actions';
import { guestName } from '@/lib/portal/guest-form/guest-names';
import { completeGuest } from '@/lib/portal/guest-form/values';
import { fmt } from '@/lib/portal/i18n';
import { arrivalMessages } from '@/lib/portal/i18n/arrival';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { berlinToday } from '@/lib/wire/time';
import { discardCheckin } from '../../actions';
import { bookCheckin } from './actions';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  return { title: checkinMessages((await getI18n()).lang).admin.reviewTitle };
}

export default async function ReviewPage({ params, searchParams }: Props) {
  const { id } = await params;
  const sp = await searchParams;
  const path = `/online-check-in/pruefen/${id}`;
  const session = await verifySession(path);
  const { lang, m } = await getI18n();
  const a = checkinMessages(lang).admin;
  const owner = ownerOf(session);
  const found = await findSubmission(owner, id);
  if (!found) notFound();
  const { checkin, link } = found;
  const result = await guarded(path, async () => {
    const config = await loadConfig(session);
    const booked = link.formId ? await loadForm(session, config, link.formId) : null;
    return { config, booked };
  });
  if (!result.ok) return <ServiceProblem error={result.error} m={m} title={a.reviewTitle} />;
  const { config, booked } = result.value;
  const gemeinde = gemeindeById(config, link.gemeindeId);
  if (!gemeinde) notFound();
  const form = formConfigOf(gemeinde);
  const draft = sp.entwurf ? draftValues(await takeDraft(owner, `checkin:${id}`)) : undefined;
  const entered = draft ?? partyFromSubmission(checkin, link.snapshot);
  const existing = booked?.form;
  // Updating a booked stay: the guests take the form's guests' places in order.
  const initialValues = {
    ...entered,
    objektId: existing ? String(existing.objekt_id) : entered.objektId,
    guests: entered.guests.map((g, i) => ({
      ...completeGuest(g, form),
      id: draft ? g.id : existing?.personen[i] ? String(existing.personen[i].id) : '',
    })),
  };
  const objects = objectsOf(config)
    .filter((o) => o.gemeindeId === gemeinde.id)
    .map((o) => ({ id: o.id, label: objectLabel(o), beds: o.beds }));
  // The service decides which objects the account has: one it lost takes no booking (issue 17).
  const objectKept = holdsObject(config, link.objektId);
  const confirming =
    (Object.keys(DISCARD_QUERY) as DiscardChoice[]).find(
      (c) => DISCARD_QUERY[c] === sp.bestaetigen,
    ) ?? null;

  return (
    <div className="space-y-4">
      <Link href="/online-check-in" className="text-sm text-brand-700 underline">
        {a.title}
      </Link>
      <h1 className="text-2xl font-bold">{a.reviewTitle}</h1>
      <p className="text-slate-800">{a.reviewIntro}</p>
      {existing ? (
        <Notice tone="info" live={false}>
          {fmt(a.reviewUpdate, { nr: existing.meldescheinnummer })}
        </Notice>
      ) : null}
      <CheckinRelations
        guests={checkin.guests}
        a={arrivalMessages(lang)}
        unnamed={m.detail.unnamed}
      />
      {objectKept ? (
        <StayForm
          mode={existing ? 'edit' : 'new'}
          action={bookCheckin.bind(null, id)}
          config={form}
          objects={objects}
          today={berlinToday()}
          initialValues={initialValues}
          countries={countryOptions(lang)}
          m={m}
          lang={lang}
          restored={!!draft}
          savedGuests={
            existing
              ? Object.fromEntries(
                  existing.personen.map((g, i) => [
                    String(g.id),
                    guestName(g) ?? fmt(m.detail.unnamed, { n: i + 1 }),
                  ]),
                )
              : undefined
          }
          requestId={newRequestId()}
        />
      ) : (
        <Notice tone="error" title={m.common.problemTitle}>
          {a.objectLost}
        </Notice>
      )}
      <div className="border-t border-slate-300 pt-4">
        <DiscardCheckin
          path={path}
          invitation={link.kind === 'stay'}
          confirming={confirming}
          action={(choice) => discardCheckin.bind(null, id, choice)}
          a={a}
          m={m}
        />
      </div>
    </div>
  );
}
