// "Confirm and pay the Kurtaxe" on the guest's check-in and card pages (docs/decisions/029): the
// party's state of the card route, and on the arrival day a plain link to the server route that
// sends the guest to Stripe's page (the guest pages run no script). Props only.
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatDate, formatDateTime, formatEuro } from '@/lib/portal/format';
import { fmt } from '@/lib/portal/i18n';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import { guestPages } from '@/lib/portal/i18n/guest/pages';
import type { PaymentSection } from '@/lib/portal/payments/section';

export function PayOffer({ section, lang }: { section: PaymentSection; lang: GuestLang }) {
  const { offer, notice } = section;
  const p = guestPages(lang).pay;
  const amount = 'amountCents' in offer ? formatEuro(offer.amountCents, lang) : '';
  // A party without a BMG form (German guests only) is offered the Kurtaxe alone.
  const payOnly = offer.state === 'due' && !offer.confirms;
  const main =
    offer.state === 'due'
      ? fmt(payOnly ? p.duePayOnly : p.due, { amount })
      : offer.state === 'not-yet'
        ? fmt(p.notYet, { date: formatDate(offer.arrival, lang) })
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
