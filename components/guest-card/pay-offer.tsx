// "Confirm and pay the Kurtaxe" on the guest's check-in and card pages (docs/decisions/029): each
// signer's own form and its state (a payment confirms its payer's form only), and on the arrival
// day a plain link per signer to the server route that sends the guest to Stripe's page for that
// signer's share (the guest pages run no script). A party without a BMG form is offered its
// Kurtaxe alone. Props only.
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatDate, formatDateTime, formatEuro } from '@/lib/portal/format';
import { fmt } from '@/lib/portal/i18n';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import { guestPages } from '@/lib/portal/i18n/guest/pages';
import type { PaymentOffer } from '@/lib/portal/payments/guest';
import type { PaymentSection } from '@/lib/portal/payments/section';

type Words = ReturnType<typeof guestPages>['pay'];

/** What one offer says; `multi`: one of several signers, each speaking of their own form. */
function textOf(
  offer: PaymentOffer,
  p: Words,
  lang: GuestLang,
  o: { payOnly: boolean; multi: boolean; name: string; minor?: boolean },
) {
  const amount = 'amountCents' in offer ? formatEuro(offer.amountCents, lang) : '';
  const { name } = o;
  switch (offer.state) {
    case 'due':
      // A minor's own form: a parent or guardian confirms it for the child (decision 028).
      if (o.minor) return fmt(p.dueMinor, { amount, name });
      return o.multi
        ? fmt(p.dueShare, { amount, name })
        : fmt(o.payOnly ? p.duePayOnly : p.due, { amount });
    case 'not-yet':
      return fmt(p.notYet, { date: formatDate(offer.arrival, lang) });
    case 'paid': {
      const date = formatDateTime(offer.paidAt, lang);
      if (offer.confirmation === 'confirmed')
        return fmt(o.multi ? p.confirmedOf : p.confirmed, { amount, date, name });
      return fmt(offer.confirmation === 'paid' ? p.paid : p.notConfirmed, { amount, date });
    }
    case 'refunded':
      return fmt(offer.pending ? p.refundPending : p.refunded, { amount });
    case 'signed':
      return fmt(p.signed, { name });
    case 'small':
      return fmt(p.small, { amount });
    default:
      return p[offer.state];
  }
}

function Reference({ offer, p }: { offer: PaymentOffer; p: Words }) {
  return offer.state === 'paid' && offer.reference ? (
    <p className="text-sm break-all text-slate-700">
      {fmt(p.reference, { reference: offer.reference })}
    </p>
  ) : null;
}

export function PayOffer({ section, lang }: { section: PaymentSection; lang: GuestLang }) {
  const { offer: party, notice } = section;
  const p = guestPages(lang).pay;
  // A signer's link carries the consent the paragraph above it asks (§ 29(5) BMG): following it
  // is the guest's act of consenting; the route refuses a link without it.
  const href = (guestId: number | null) =>
    guestId === null ? section.payHref : `${section.payHref}?gast=${guestId}&einwilligung=ja`;
  const consent = (
    <p className="text-sm text-slate-800" data-testid="payment-consent">
      {p.consent}
    </p>
  );
  const single = !party.confirms
    ? { offer: party.offer, guestId: null }
    : party.signers.length === 1
      ? { offer: party.signers[0]!.offer, guestId: party.signers[0]!.guestId }
      : null;
  const noticeEl = notice ? (
    <Notice tone={notice === 'pending' ? 'info' : 'error'}>{p[notice]}</Notice>
  ) : null;

  if (single) {
    const { offer } = single;
    // A party without a BMG form (German guests only) is offered the Kurtaxe alone.
    const payOnly = !party.confirms;
    const amount = 'amountCents' in offer ? formatEuro(offer.amountCents, lang) : '';
    const name = party.confirms ? party.signers[0]!.name : null;
    const minor = party.confirms && party.signers[0]!.minor;
    return (
      <section
        aria-labelledby="kurtaxe-zahlen"
        className="space-y-3 rounded-md border border-slate-300 bg-white p-3"
        data-payment-state={offer.state}
      >
        <h2 id="kurtaxe-zahlen" className="text-lg font-semibold">
          {payOnly ? p.titlePayOnly : p.title}
        </h2>
        {noticeEl}
        <p className="text-slate-800" data-testid="payment-text">
          {textOf(offer, p, lang, { payOnly, multi: false, name: name ?? '', minor })}
        </p>
        <Reference offer={offer} p={p} />
        {offer.state === 'due' && section.payHref && !payOnly ? consent : null}
        {offer.state === 'due' && section.payHref ? (
          <a href={href(single.guestId)} className={buttonClass('primary', 'min-h-12 w-full')}>
            {minor
              ? fmt(p.payMinor, { amount, name: name ?? '' })
              : fmt(payOnly ? p.payOnly : p.pay, { amount })}
          </a>
        ) : null}
      </section>
    );
  }

  const signers = party.confirms ? party.signers : [];
  return (
    <section
      aria-labelledby="kurtaxe-zahlen"
      className="space-y-3 rounded-md border border-slate-300 bg-white p-3"
      data-payment-state="signers"
    >
      <h2 id="kurtaxe-zahlen" className="text-lg font-semibold">
        {p.title}
      </h2>
      {noticeEl}
      <p className="text-slate-800">{p.intro}</p>
      {signers.some((s) => s.offer.state === 'due') && section.payHref ? consent : null}
      <ul className="space-y-3">
        {signers.map((s) => {
          const amount = 'amountCents' in s.offer ? formatEuro(s.offer.amountCents, lang) : '';
          return (
            <li
              key={s.guestId}
              className="space-y-2 border-t border-slate-200 pt-3"
              data-testid={`pay-signer-${s.guestId}`}
              data-payment-state={s.offer.state}
              aria-labelledby={`pay-signer-${s.guestId}-name`}
            >
              <h3 id={`pay-signer-${s.guestId}-name`} className="font-semibold">
                {fmt(p.signerTitle, { name: s.name, persons: String(s.persons) })}
              </h3>
              <p className="text-slate-800" data-testid="payment-text">
                {textOf(s.offer, p, lang, {
                  payOnly: false,
                  multi: true,
                  name: s.name,
                  minor: s.minor,
                })}
              </p>
              {s.offer.state === 'due' && s.offer.failed ? (
                <p className="text-amber-950">{p.failed}</p>
              ) : null}
              <Reference offer={s.offer} p={p} />
              {s.offer.state === 'due' && section.payHref ? (
                <a href={href(s.guestId)} className={buttonClass('primary', 'min-h-12 w-full')}>
                  {fmt(s.minor ? p.payMinor : p.payShare, { amount, name: s.name })}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
