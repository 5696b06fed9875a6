// What a wallet pass shows, the same for Apple and Google (issue 20): the card's data as the
// service gave it (`get-pdf/?include=karten`), in German and English.
import type { KarteInfo } from '@/lib/wire/kurkarte';

export type PassLang = 'de' | 'en';

export const PASS_TEXT = {
  de: {
    title: 'Gästekarte',
    description: 'Gästekarte (Kurkarte)',
    guest: 'Gast',
    group: 'Gruppe',
    persons: (n: number) => `${n} Personen`,
    validFrom: 'Gültig ab',
    validUntil: 'Gültig bis',
    cardNumber: 'Kartennummer',
    object: 'Unterkunft',
    municipality: 'Gemeinde',
    tariff: 'Tarif',
    check: 'Prüfen',
    checkText: 'Der QR-Code führt zur Prüfseite der Gemeinde.',
    cancelled: 'Storniert',
  },
  en: {
    title: 'Guest card',
    description: 'Guest card (Kurkarte)',
    guest: 'Guest',
    group: 'Group',
    persons: (n: number) => `${n} persons`,
    validFrom: 'Valid from',
    validUntil: 'Valid until',
    cardNumber: 'Card number',
    object: 'Accommodation',
    municipality: 'Municipality',
    tariff: 'Tariff',
    check: 'Check',
    checkText: "The QR code opens the municipality's check page.",
    cancelled: 'Cancelled',
  },
} as const;

/** The line naming the holder: the guest's name, or a group's number of persons. */
export function holder(karte: KarteInfo, lang: PassLang): string {
  return karte.gast_name ?? PASS_TEXT[lang].persons(karte.anzahl);
}

/** German date for a pass's text (Wallet apps show text fields as given). */
export function shortDate(iso: string, lang: PassLang): string {
  const [y, m, d] = iso.split('-');
  return lang === 'de' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}
