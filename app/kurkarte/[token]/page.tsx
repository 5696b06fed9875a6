// Public verification page of the guest card's QR code (no sign-in): a controller at the beach or
// the spa sees whether the card is genuine and valid, the municipality, stay and persons only.
import type { Metadata } from 'next';
import { serviceDb } from '@/lib/service';
import { checkCard, type CardStatus } from '@/lib/service/kurkarte/verify';
import { germanDate } from '@/lib/wire/time';

export const metadata: Metadata = {
  title: 'Kurkarte prüfen – Meldeportal',
  robots: { index: false, follow: false },
};

const STATUS: Record<CardStatus, { title: string; text: string; tone: string }> = {
  valid: {
    title: 'Gültige Kurkarte',
    text: 'Diese Karte ist echt und heute gültig.',
    tone: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  },
  expired: {
    title: 'Abgelaufen',
    text: 'Diese Karte ist echt, der Aufenthalt ist aber beendet.',
    tone: 'border-amber-700 bg-amber-50 text-amber-950',
  },
  not_yet_valid: {
    title: 'Noch nicht gültig',
    text: 'Diese Karte ist echt, der Aufenthalt beginnt aber erst später.',
    tone: 'border-amber-700 bg-amber-50 text-amber-950',
  },
  cancelled: {
    title: 'Storniert',
    text: 'Der Meldeschein zu dieser Karte wurde storniert. Die Karte ist ungültig.',
    tone: 'border-red-700 bg-red-50 text-red-900',
  },
  invalid: {
    title: 'Ungültige Karte',
    text: 'Diese Karte ist uns nicht bekannt oder wurde verändert.',
    tone: 'border-red-700 bg-red-50 text-red-900',
  },
};

export default async function KurkartePruefen({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const card = await checkCard(await serviceDb(), decodeURIComponent(token));
  const s = STATUS[card.status];
  return (
    <main className="mx-auto max-w-md p-4 sm:p-8">
      <h1 className="text-xl font-semibold">Kurkarte prüfen</h1>
      <section aria-live="polite" className={`mt-4 rounded-lg border-l-8 p-4 ${s.tone}`}>
        <h2 className="text-2xl font-bold">{s.title}</h2>
        <p className="mt-1">{s.text}</p>
      </section>
      {card.gemeinde && (
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-base">
          <dt className="text-slate-700">Gemeinde</dt>
          <dd className="font-medium">{card.gemeinde}</dd>
          <dt className="text-slate-700">Aufenthalt</dt>
          <dd className="font-medium">
            {germanDate(card.arrivalDate!)} – {germanDate(card.departureDate!)}
          </dd>
          <dt className="text-slate-700">Personen</dt>
          <dd className="font-medium">{card.anzahl}</dd>
        </dl>
      )}
    </main>
  );
}
