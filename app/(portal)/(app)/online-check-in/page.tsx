// The landlord's check-in page: submissions waiting for review, a new invitation, the
// invitations so far and each object's permanent QR code.
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { ServiceProblem } from '@/components/shell/service-problem';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CONTROL } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { ownValue } from '@/lib/lookup';
import { MAX_EXPECTED_GUESTS } from '@/lib/portal/checkin/invitation-input';
import { stopLostLinks } from '@/lib/portal/checkin/landlord';
import { listLinks } from '@/lib/portal/checkin/links';
import { linkState } from '@/lib/portal/checkin/rules';
import { listSubmissions } from '@/lib/portal/checkin/submissions';
import { objectsOf } from '@/lib/portal/config/view';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { parseFormId } from '@/lib/portal/form-id';
import { findForm } from '@/lib/portal/stays/forms-index';
import { formatDate, formatDateTime } from '@/lib/portal/format';
import { fmt } from '@/lib/portal/i18n';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { createInvitationAction, discardWaitingAtCode, makeObjectCode } from './actions';

const PATH = '/online-check-in';
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function generateMetadata(): Promise<Metadata> {
  return { title: checkinMessages((await getI18n()).lang).admin.title };
}

export default async function CheckinAdminPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const session = await verifySession(PATH);
  const { lang, m } = await getI18n();
  const a = checkinMessages(lang).admin;
  const loaded = await guarded(PATH, () => loadConfig(session));
  if (!loaded.ok) return <ServiceProblem error={loaded.error} m={m} title={a.title} />;
  const objects = objectsOf(loaded.value);
  const owner = ownerOf(session);
  const now = new Date();
  // The one write of this page (issue 17): the configuration just read is the service's word on
  // which objects the account has; links of any other object stop before a guest uses them again.
  await stopLostLinks(owner, loaded.value, now);
  const [submissions, links] = await Promise.all([listSubmissions(owner), listLinks(owner, now)]);
  const invitations = links.filter((l) => l.kind === 'stay');
  const codes = new Map(
    links.filter((l) => l.kind === 'object' && !l.revokedAt).map((l) => [l.objektId, l]),
  );
  // Parties waiting per object code, for "discard all" (an abused poster).
  const waitingAtCode = new Map<string, { alias: string; n: number }>();
  for (const { link } of submissions) {
    if (link.kind !== 'object') continue;
    const entry = waitingAtCode.get(link.id) ?? { alias: link.snapshot.objekt.alias, n: 0 };
    waitingAtCode.set(link.id, { ...entry, n: entry.n + 1 });
  }
  const confirmDiscard = one(sp.verwerfen);
  const stayId = parseFormId(one(sp.aufenthalt));
  const stay = stayId ? await findForm(owner, stayId) : undefined;
  const error = ownValue(a.errors, one(sp.fehler));
  const objectName = (id: number) => objects.find((o) => o.id === id)?.alias ?? String(id);

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{a.title}</h1>
        <p className="max-w-3xl text-slate-800">{a.intro}</p>
      </div>
      {sp.verworfen ? (
        <Notice tone="success">
          {sp.alle ? fmt(a.discardedAll, { n: Number(one(sp.verworfen)) || 0 }) : a.discarded}
        </Notice>
      ) : null}

      <section aria-labelledby="eingegangen" className="space-y-3">
        <h2 id="eingegangen" className="text-xl font-semibold">
          {a.waiting}
        </h2>
        {submissions.length ? (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="checkins">
            {submissions.map(({ checkin, link }) => (
              <li key={checkin.id} className="rounded-lg border border-slate-300 bg-white p-4">
                <p className="font-semibold">{link.snapshot.objekt.alias}</p>
                <p className="text-sm text-slate-800">
                  {formatDate(checkin.arrivalDate, lang)} –{' '}
                  {formatDate(checkin.departureDate, lang)} ·{' '}
                  {fmt(a.guests, { n: checkin.guests.length })}
                </p>
                <p className="text-sm text-slate-700">
                  {link.kind === 'stay' ? a.viaInvitation : a.viaCode} ·{' '}
                  {fmt(a.receivedAt, { date: formatDateTime(checkin.updatedAt, lang) })}
                </p>
                <Link
                  href={`${PATH}/pruefen/${checkin.id}`}
                  className={buttonClass('primary', 'mt-3')}
                >
                  {a.review}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{a.none}</p>
        )}
        {waitingAtCode.size ? (
          <div className="flex flex-wrap gap-3">
            {[...waitingAtCode].map(([linkId, { alias, n }]) => {
              const label = fmt(a.discardAll, { n, object: alias });
              return confirmDiscard === linkId ? (
                <form
                  key={linkId}
                  action={discardWaitingAtCode.bind(null, linkId)}
                  className="space-y-3"
                >
                  <p>{a.discardAllText}</p>
                  <SubmitButton pendingLabel={m.form.pending} variant="danger">
                    {label}
                  </SubmitButton>
                </form>
              ) : (
                <ConfirmDialog
                  key={linkId}
                  triggerLabel={label}
                  fallbackHref={`${PATH}?verwerfen=${linkId}#eingegangen`}
                  title={a.discardAllTitle}
                  text={a.discardAllText}
                  confirmLabel={label}
                  cancelLabel={a.keep}
                  pendingLabel={m.form.pending}
                  action={discardWaitingAtCode.bind(null, linkId)}
                  danger
                />
              );
            })}
          </div>
        ) : null}
      </section>

      <section id="neu" aria-labelledby="neu-titel" className="space-y-3">
        <h2 id="neu-titel" className="text-xl font-semibold">
          {a.newInvitation}
        </h2>
        <p className="text-slate-800">
          {stay
            ? `${objectName(stay.objektId)}, ${formatDate(stay.arrivalDate, lang)} – ${formatDate(stay.departureDate, lang)} (${fmt(a.forForm, { nr: stay.meldescheinnummer })})`
            : a.newInvitationIntro}
        </p>
        {error ? (
          <Notice tone="error" title={m.common.problemTitle}>
            {error}
          </Notice>
        ) : null}
        <form
          action={createInvitationAction}
          className="grid max-w-3xl gap-4 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2"
        >
          {stay ? (
            <input type="hidden" name="formId" value={stay.formId} />
          ) : (
            <>
              <div className="sm:col-span-2">
                <label htmlFor="inv-objekt" className="text-sm font-medium">
                  {a.object}
                </label>
                <select
                  id="inv-objekt"
                  name="objektId"
                  required
                  defaultValue={
                    one(sp.objekt) || (objects.length === 1 ? String(objects[0]!.id) : '')
                  }
                  className={CONTROL}
                >
                  <option value="">{m.form.chooseObject}</option>
                  {objects.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.alias} ({o.address})
                    </option>
                  ))}
                </select>
              </div>
              <Labelled id="inv-arrival" name="arrival" type="date" label={a.arrival}>
                {one(sp.anreise)}
              </Labelled>
              <Labelled id="inv-departure" name="departure" type="date" label={a.departure}>
                {one(sp.abreise)}
              </Labelled>
              <Labelled
                id="inv-guests"
                name="guests"
                type="number"
                label={a.expectedGuests}
                max={MAX_EXPECTED_GUESTS}
              >
                {one(sp.gaeste) || '2'}
              </Labelled>
            </>
          )}
          <div className="sm:col-span-2">
            <SubmitButton pendingLabel={m.form.pending}>{a.create}</SubmitButton>
          </div>
        </form>
      </section>

      <section aria-labelledby="einladungen" className="space-y-3">
        <h2 id="einladungen" className="text-xl font-semibold">
          {a.invitations}
        </h2>
        {invitations.length ? (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {invitations.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
                <span className="mr-auto">
                  {fmt(a.invitationFor, {
                    object: l.snapshot.objekt.alias,
                    from: formatDate(l.arrivalDate, lang),
                    to: formatDate(l.departureDate, lang),
                  })}{' '}
                  <span className="text-sm text-slate-700">({a.state[linkState(l, now)]})</span>
                </span>
                <Link href={`${PATH}/link/${l.id}`} className={buttonClass('secondary')}>
                  {a.show}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{a.noInvitations}</p>
        )}
      </section>

      <section aria-labelledby="codes" className="space-y-3">
        <h2 id="codes" className="text-xl font-semibold">
          {a.codes}
        </h2>
        <p className="max-w-3xl text-slate-800">{a.codesIntro}</p>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {objects.map((o) => {
            const code = codes.get(o.id);
            return (
              <li key={o.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
                <span className="mr-auto">
                  {o.alias}
                  <span className="block text-sm text-slate-700">{o.address}</span>
                </span>
                {code ? (
                  <Link href={`${PATH}/link/${code.id}`} className={buttonClass('secondary')}>
                    {a.show}
                    <span className="sr-only">: {o.alias}</span>
                  </Link>
                ) : (
                  <form action={makeObjectCode.bind(null, String(o.id))}>
                    <SubmitButton pendingLabel={m.form.pending} variant="secondary">
                      {a.makeCode}
                      <span className="sr-only">: {o.alias}</span>
                    </SubmitButton>
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

/** A required input of the invitation form with its label; the child is the value to show. */
function Labelled(p: {
  id: string;
  name: string;
  type: 'date' | 'number';
  label: string;
  max?: number;
  children: string;
}) {
  return (
    <div>
      <label htmlFor={p.id} className="text-sm font-medium">
        {p.label}
      </label>
      <input
        id={p.id}
        name={p.name}
        type={p.type}
        inputMode={p.type === 'number' ? 'numeric' : undefined}
        min={p.type === 'number' ? 1 : undefined}
        max={p.max}
        required
        defaultValue={p.children}
        className={CONTROL}
      />
    </div>
  );
}
