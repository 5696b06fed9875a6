// Public verification page of the guest card's QR code (no sign-in): a controller at the beach or
// the spa sees whether the card is genuine and valid, the municipality, stay and persons only.
// It asks the service over HTTP like every other page (docs/decisions/001), in the controller's
// browser's language (proxy.ts; the page sends no referrer, so it has no language switch: a post
// from it would carry `Origin: null`). Static markup on a phone's first load: served without any
// framework script, as the guest's pages (decision 022).
import type { GetServerSideProps } from 'next';
import { GuestHead } from '@/components/checkin/guest-page-frame';
import { checkCard } from '@/lib/portal/api/connect';
import { requestLang } from '@/lib/portal/checkin/guest-request';
import { formatDate } from '@/lib/portal/format';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import { guestPages } from '@/lib/portal/i18n/guest/pages';
import { CardCheckRequest, type CardCheckResponse } from '@/lib/wire/kurkarte';

export const config = { unstable_runtimeJS: false };

const TONE = {
  valid: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  expired: 'border-amber-700 bg-amber-50 text-amber-950',
  not_yet_valid: 'border-amber-700 bg-amber-50 text-amber-950',
  cancelled: 'border-red-700 bg-red-50 text-red-900',
  invalid: 'border-red-700 bg-red-50 text-red-900',
  unavailable: 'border-slate-700 bg-slate-50 text-slate-900',
} as const;

type Checked = CardCheckResponse | { status: 'unavailable' };

/** The service's answer; a token no card id can be is unknown without asking. */
async function check(token: string): Promise<Checked> {
  if (!CardCheckRequest.safeParse({ card: token }).success) return { status: 'invalid' };
  try {
    return await checkCard(token);
  } catch {
    return { status: 'unavailable' };
  }
}

interface Props {
  lang: GuestLang;
  card: Checked;
}

export const getServerSideProps: GetServerSideProps<Props, { token: string }> = async ({
  req,
  params,
}) => ({ props: { lang: requestLang(req), card: await check(params!.token) } });

export default function KurkartePruefen({ lang, card }: Props) {
  const m = guestPages(lang);
  const c = m.cardCheck;
  const [title, text] = c.status[card.status];
  return (
    <>
      <GuestHead title={`${c.pageTitle} · ${m.common.appName}`} m={m} referrer="no-referrer" />
      <main id="inhalt" className="mx-auto max-w-md p-4 sm:p-8">
        <h1 className="text-xl font-semibold">{c.title}</h1>
        <section
          aria-live="polite"
          data-status={card.status}
          className={`mt-4 rounded-lg border-l-8 p-4 ${TONE[card.status]}`}
        >
          <h2 className="text-2xl font-bold">{title}</h2>
          <p className="mt-1">{text}</p>
        </section>
        {'gemeinde' in card && card.gemeinde ? (
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-base">
            <dt className="text-slate-700">{c.gemeinde}</dt>
            <dd className="font-medium">{card.gemeinde}</dd>
            <dt className="text-slate-700">{c.stay}</dt>
            <dd className="font-medium">
              {formatDate(card.arrival_date, lang)} – {formatDate(card.departure_date, lang)}
            </dd>
            <dt className="text-slate-700">{c.persons}</dt>
            <dd className="font-medium">{card.anzahl}</dd>
          </dl>
        ) : null}
      </main>
    </>
  );
}
