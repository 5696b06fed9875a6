// "Confirm and pay the Kurtaxe" on the guest's check-in and card pages (docs/decisions/029): the
// party's state of the card route, and on the arrival day a plain link to the server route that
// sends the guest to Stripe's page (the guest pages run no script). Props only.
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatDateTime, formatEuro } from '@/lib/portal/format';
import { fmt, type Lang } from '@/lib/portal/i18n';
import { paymentsMessages } from '@/lib/portal/i18n/payments';
import type { PaymentSection } from '@/lib/portal/payments/section';
import { germanDate } from '@/lib/wire/time';

export function PayOffer({ section, lang }: { section: PaymentSection; lang: Lang }) {
  const { offer, notice } = section;
  const p = paymentsMessages(lang).guest;
  const amount = 'amountCents' in offer ? formatEuro(offer.amountCents, lang) : '';
  // A party without a BMG form (German guests only) is offered the Kurtaxe alone.
  const payOnly = offer.state === 'due' && !offer.confirms;
  const main =
    offer.state === 'due'
      ? fmt(payOnly ? p.duePayOnly : p.due, { amount })
      : offer.state === 'not-yet'
        ? fmt(p.notYet, { date: germanDate(offer.arrival) })
        : offer.state === 'paid'
          ? fmt(
              offer.confirmation === 'confirmed'
                ? p.confirmed
                : offer.confirmation === 'paid'
                  ? p.paid
                  : p.notConfirmed,
              { amount, date: formatDateTime(offer.paidAt, lang) },
            )
          : offer.state === 'refunded'
            ? fmt(p.refunded, { amount })
            : p[offer.state];
  return (
    <section
      aria-labelledby="kurtaxe-zahlen"
      className="space-y-3 rounded-md border border-slate-300 bg-white p-3"
      data-payment-state={offer.state}
    >
      <h2 id="kurtaxe-zahlen" className="text-lg font-semibold">
        {payOnly ? p.titlePayOnly : p.title}
      </h2>
      {notice ? <Notice tone={notice === 'pending' ? 'info' : 'error'}>{p[notice]}</Notice> : null}
      <p className="text-slate-800" data-testid="payment-text">
        {main}
      </p>
      {offer.state === 'paid' && offer.reference ? (
        <p className="text-sm break-all text-slate-700">
          {fmt(p.reference, { reference: offer.reference })}
        </p>
      ) : null}
      {offer.state === 'due' && section.payHref ? (
        <a href={section.payHref} className={buttonClass('primary', 'min-h-12 w-full')}>
          {fmt(payOnly ? p.payOnly : p.pay, { amount })}
        </a>
      ) : null}
    </section>
  );
}
