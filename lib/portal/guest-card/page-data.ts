import '#server-only'; // also in the Pages Router: see lib/server-only.js
// What the card page shows for the cards a guest may see (issue 20): holder, number, validity,
// the downloads under `base`, and the wallet buttons where a wallet is configured.
import type { CardPageProps } from '@/components/guest-card/card-page';
import { portalLangOf, type GuestLang } from '../i18n/guest/languages';
import { guestPages } from '../i18n/guest/pages';
import { storedCardInfo } from '../stays/pdf-store';
import { holder } from '../wallet/pass-content';
import { appleConfig, googleConfig } from '../wallet/config';
import { cardView } from './access';
import type { GuestCardRow } from './store';

/** `<card id>.google` beside the downloads: a redirect to a save link made then (files.ts). */
export const GOOGLE_SAVE_SUFFIX = '.google';

export async function cardPageProps(
  cards: GuestCardRow[],
  base: string,
  lang: GuestLang,
): Promise<CardPageProps> {
  const c = guestPages(lang).card;
  const view = cardView(cards);
  if (view.state !== 'ready') return { state: view.state, c, lang };
  const [first] = view.cards;
  if (!first || !(await storedCardInfo(first, first.formId))) return { state: 'pending', c, lang };
  const apple = appleConfig();
  const google = googleConfig();
  const items = view.cards.map((card) => {
    const k = card.karte;
    return {
      id: card.id,
      holder: k ? holder(k, portalLangOf(lang)) : '',
      number: k?.kartennummer ?? null,
      from: k?.gueltig_von ?? null,
      until: k?.gueltig_bis ?? null,
      appleHref: k && apple ? `${base}/${card.id}.pkpass` : null,
      // Our own address: the save link is made when followed, for a card still valid (files.ts).
      googleHref: k && google ? `${base}/${card.id}${GOOGLE_SAVE_SUFFIX}` : null,
    };
  });
  // Without the service's card data there is one row and no names: the PDF alone.
  const withData = items.filter((i) => i.number);
  return { state: 'ready', c, lang, pdfHref: `${base}/gaestekarte.pdf`, cards: withData };
}
