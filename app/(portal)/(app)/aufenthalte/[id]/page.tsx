import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ServiceProblem } from '@/components/shell/service-problem';
import { GuestList } from '@/components/stay/guest-list';
import { StayActions } from '@/components/stay/stay-actions';
import { StayLog } from '@/components/stay/stay-log';
import { StateBadge } from '@/components/ui/badge';
import { Notice } from '@/components/ui/notice';
import { AutoDownload } from '@/components/stay/auto-download';
import { describeErrorCode, explainPrecheck } from '@/lib/portal/api/errors';
import { address, gemeindeById } from '@/lib/portal/config/view';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { loadForm } from '@/lib/portal/stays/load-form';
import { parseFormId } from '@/lib/portal/form-id';
import { formatDate, formatDateTime, formatEuro, formatNumber, toCents } from '@/lib/portal/format';
import { fmt } from '@/lib/portal/i18n';
import { getI18n } from '@/lib/portal/i18n/server';
import { isCardOutdated } from '@/lib/portal/stays/card-fingerprint';
import { storedCardInfo } from '@/lib/portal/stays/pdf-store';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { PendingLink } from '@/components/ui/pending-link';
import { StayCheckin } from '@/components/checkin/stay-checkin';
import { submissionForForm } from '@/lib/portal/checkin/submissions';
import { IndexSync } from '@/components/stays/index-sync';
import { syncShownStay } from '../../actions';
import { CardPayment } from '@/components/stay/card-payment';
import { refundAction } from '@/lib/portal/payments/actions';
import { paymentsOfForm } from '@/lib/portal/payments/landlord';
import { ArrivalPanel } from '@/components/arrival/arrival-panel';
import { loadArrival } from '@/lib/portal/arrival/page-data';
import { syncStayArrival } from '@/lib/portal/stays/arrival-sync';
import { arrivalMessages } from '@/lib/portal/i18n/arrival';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.detail.title.replace(' {nr}', '') };
}

export default async function StayPage({ params, searchParams }: Props) {
  const { id } = await params;
  const sp = await searchParams;
  const formId = parseFormId(id);
  if (!formId) notFound();
  const path = `/aufenthalte/${formId}`;
  const session = await verifySession(path);
  const { lang, m } = await getI18n();
  const shownAt = new Date().getTime();
  // Reads only: the form enters the index (or is updated in it) by an action once shown (IndexSync),
  // when the index does not already hold it as read.
  const result = await guarded(path, async () => {
    const config = await loadConfig(session);
    return { config, loaded: await loadForm(session, config, formId, { protokoll: true }) };
  });
  if (!result.ok) return <ServiceProblem error={result.error} m={m} title={m.stays.title} />;
  const { config, loaded } = result.value;
  if (!loaded) notFound();
  const { form, gemeindeId } = loaded;
  const d = m.detail;
  const nr = form.meldescheinnummer;
  const [stored, checkinWaiting, arrival, payments] = await Promise.all([
    storedCardInfo(ownerOf(session), formId),
    submissionForForm(ownerOf(session), formId),
    loadArrival(ownerOf(session), form),
    paymentsOfForm(ownerOf(session), formId),
  ]);
  const a = arrivalMessages(lang);
  const card = stored && { fetchedAt: stored.fetchedAt, outdated: isCardOutdated(stored, form) };
  const cancelled = form.state === 'cancelled';
  const span = form.travel_span;
  const error = typeof sp.fehler === 'string' ? describeErrorCode(sp.fehler, m) : undefined;
  const flash = sp.gebucht
    ? fmt(d.booked, { nr })
    : sp.geaendert
      ? d.updated
      : sp.storniert
        ? d.cancelled
        : sp.nachgedruckt
          ? d.reprinted
          : undefined;

  return (
    <div className="space-y-6">
      {/* Only when the index differs: a second get/ per visit otherwise. */}
      {(!loaded.indexed || arrival.stale) && (
        <IndexSync
          sync={
            arrival.stale
              ? syncStayArrival.bind(null, String(formId), arrival.state?.snapshotAt.getTime() ?? 0)
              : syncShownStay.bind(null, String(formId))
          }
          shownAt={shownAt}
        />
      )}
      <div>
        <PendingLink href="/aufenthalte" className="text-sm text-brand-700 underline">
          {d.toList}
        </PendingLink>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">{fmt(d.title, { nr })}</h1>
          <StateBadge state={form.state} label={m.states[form.state]} />
          <StayCheckin waiting={checkinWaiting} formId={formId} state={form.state} lang={lang} />
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {fmt(d.bookedBy, {
            name: form.creation_user.alias || form.creation_user.username,
            date: formatDateTime(form.created, lang),
          })}
        </p>
      </div>

      {flash ? <Notice tone="success">{flash}</Notice> : null}
      {sp.nachgedruckt && form.state !== 'cancelled' ? (
        <AutoDownload
          href={`/aufenthalte/${formId}/kurkarte`}
          cleanUrl={`/aufenthalte/${formId}`}
        />
      ) : null}
      {error ? (
        <Notice tone="error" title={m.common.problemTitle}>
          {error}
        </Notice>
      ) : null}

      <dl className="grid gap-4 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item label={d.object}>
          {form.objekt.alias}
          <span className="block text-sm text-slate-700">{address(form.objekt)}</span>
        </Item>
        <Item label={d.travelSpan}>
          <span data-testid="travel-span">
            {formatDate(span.arrival_date, lang)} – {formatDate(span.departure_date, lang)}
          </span>
        </Item>
        <Item label={d.travelDays}>
          <span data-testid="travel-days">{fmt(d.days, { n: span.travel_days })}</span>
        </Item>
        <Item label={d.nights}>
          <span data-testid="nights">{formatNumber(span.uebernachtungen_sum, lang)}</span>
        </Item>
        <Item label={d.kurtaxe}>
          <span data-testid="kurtaxe-total" className="text-lg font-semibold">
            {cancelled
              ? // A cancelled stay is not charged: 0 €, the former amount for reference.
                fmt(d.kurtaxeCancelled, {
                  amount: formatEuro(0, lang),
                  calc: formatEuro(toCents(form.verwendete_kurtaxe), lang),
                })
              : form.kz_manueller_betrag
                ? fmt(d.kurtaxeManual, {
                    amount: formatEuro(toCents(form.verwendete_kurtaxe), lang),
                    calc: formatEuro(toCents(form.kurtaxe_calc), lang),
                  })
                : formatEuro(toCents(form.verwendete_kurtaxe), lang)}
          </span>
        </Item>
      </dl>

      <CardPayment
        payments={payments.map((p) => ({
          ...p,
          state: p.state === 'refunded' ? 'refunded' : 'paid',
        }))}
        formId={formId}
        cancelled={cancelled}
        refund={refundAction}
        outcome={typeof sp.erstattung === 'string' ? sp.erstattung : undefined}
        pendingLabel={m.form.pending}
        lang={lang}
      />
      {arrival.state ? (
        <ArrivalPanel
          state={arrival.state}
          today={arrival.today}
          a={a}
          lang={lang}
          pendingLabel={m.form.pending}
          flash={
            sp.ankunft === 'signed'
              ? a.flash.signed
              : sp.ankunft === 'id'
                ? a.flash.idNoted
                : sp.ankunft === 'kind'
                  ? a.flash.kind
                  : undefined
          }
          error={typeof sp.ankunftFehler === 'string' ? a.errors[sp.ankunftFehler] : undefined}
        />
      ) : null}

      {form.precheck_errors.length ? (
        <Notice tone="warning" title={d.warnings} live={false}>
          <ul className="list-disc pl-5">
            {form.precheck_errors.map((w) => (
              <li key={`${w.code}-${w.path}`}>{explainPrecheck(w, m)}</li>
            ))}
          </ul>
        </Notice>
      ) : null}

      <section aria-labelledby="gaeste" className="space-y-3">
        <h2 id="gaeste" className="text-xl font-semibold">
          {d.guests}
        </h2>
        <GuestList
          guests={form.personen}
          cancelled={cancelled}
          tarife={gemeindeById(config, gemeindeId)?.tarife ?? []}
          m={m}
          lang={lang}
        />
      </section>

      <StayActions formId={formId} form={form} config={config} m={m} lang={lang} card={card} />

      <StayLog
        form={form}
        fields={gemeindeById(config, gemeindeId)?.meldeschein_fields ?? []}
        m={m}
        lang={lang}
      />
    </div>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
