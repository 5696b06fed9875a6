// The stay page's card payment (docs/decisions/029): paid when and how much, whether it confirmed
// the registration, the payment instrument's reference, and for a cancelled stay the refund
// (the action comes as a prop). Props only.
import { SubmitButton } from '@/components/ui/submit-button';
import { Notice } from '@/components/ui/notice';
import { formatDateTime, formatEuro } from '@/lib/portal/format';
import { fmt, type Lang } from '@/lib/portal/i18n';
import { paymentsMessages } from '@/lib/portal/i18n/payments';

export interface StayPayment {
  id: string;
  state: 'paid' | 'refunded';
  amountCents: number;
  paidAt: Date | null;
  confirmation: string | null;
  reference: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  refundedAt: Date | null;
  /** Stripe's last word on the latest refund (null: none through the portal). */
  refundStatus: 'pending' | 'succeeded' | 'failed' | null;
}

export function CardPayment({
  payments,
  formId,
  cancelled,
  refund,
  outcome,
  pendingLabel,
  lang,
}: {
  payments: StayPayment[];
  formId: number;
  cancelled: boolean;
  refund: (formData: FormData) => Promise<void>;
  /** `?erstattung=` after a refund. */
  outcome: string | undefined;
  pendingLabel: string;
  lang: Lang;
}) {
  const s = paymentsMessages(lang).landlord.stay;
  if (!payments.length) return null;
  return (
    <section
      id="kartenzahlung"
      aria-labelledby="kartenzahlung-titel"
      className="space-y-3"
      data-testid="card-payment"
    >
      <h2 id="kartenzahlung-titel" className="text-xl font-semibold">
        {s.title}
      </h2>
      {outcome === 'refunded' ? (
        <Notice tone="success">{s.refundDone}</Notice>
      ) : outcome === 'pending' ? (
        <Notice tone="info">{s.refundAsked}</Notice>
      ) : outcome === 'declined' ? (
        <Notice tone="error">{s.refundRefused}</Notice>
      ) : outcome ? (
        <Notice tone="error">{s.refundFailed}</Notice>
      ) : null}
      {payments.map((p) => {
        const confirmed = p.confirmation === 'confirmed' || p.confirmation === 'already';
        return (
          <div key={p.id} className="space-y-2 rounded-lg border border-slate-300 bg-white p-4">
            <p className="font-semibold">
              {fmt(s.paid, {
                date: formatDateTime(p.paidAt, lang),
                amount: formatEuro(p.amountCents, lang),
              })}
            </p>
            {p.confirmation === 'confirmed' ? (
              <p className="text-green-900" data-testid="card-confirmation">
                {fmt(s.confirmed, { date: formatDateTime(p.paidAt, lang) })}
              </p>
            ) : !confirmed && p.confirmation ? (
              <p className="text-amber-950">
                {fmt(s.notConfirmed, { reason: s.reasons[p.confirmation] ?? p.confirmation })}
              </p>
            ) : null}
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {p.reference ? (
                <>
                  <dt className="text-slate-700">{s.reference}</dt>
                  <dd className="break-all" data-testid="card-reference">
                    {p.reference}
                  </dd>
                </>
              ) : null}
              {p.cardLast4 ? (
                <>
                  <dt className="text-slate-700">{s.card}</dt>
                  <dd>
                    {p.cardBrand ?? ''} •••• {p.cardLast4}
                  </dd>
                </>
              ) : null}
            </dl>
            {p.state === 'refunded' ? (
              <p className="text-sm" data-testid="card-refund">
                {fmt(p.refundStatus === 'pending' ? s.refundPending : s.refunded, {
                  date: formatDateTime(p.refundedAt, lang),
                })}
              </p>
            ) : p.refundStatus === 'failed' ? (
              <p className="text-sm text-red-800" data-testid="card-refund">
                {fmt(s.refundDeclined, { date: formatDateTime(p.refundedAt, lang) })}
              </p>
            ) : null}
            {p.state !== 'refunded' && cancelled ? (
              <form action={refund} className="space-y-2">
                <p className="text-sm">{s.refundHint}</p>
                <input type="hidden" name="formId" value={formId} />
                <SubmitButton pendingLabel={pendingLabel} variant="secondary" className="min-h-12">
                  {fmt(s.refund, { amount: formatEuro(p.amountCents, lang) })}
                </SubmitButton>
              </form>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
