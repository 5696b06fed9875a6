import 'server-only';
// The card page's downloads (issue 20): the party's PDF, each guest's Apple pass and the way to
// Google Wallet, answered only for cards the caller's cookie or mail link opened (access.ts), and
// only while they are valid (not cancelled, not ended). Anything else is a plain 404.
import { publicBaseUrl } from '@/lib/env';
import { storedPdf } from '../stays/pdf-store';
import { applePassFor } from './apple-web-service';
import { PKPASS_TYPE } from '../wallet/apple/pass';
import { appleConfig, googleConfig } from '../wallet/config';
import { saveLink } from '../wallet/google/api';
import { cardView } from './access';
import type { GuestCardRow } from './store';

const PASS_FILE = /^([0-9a-f-]{36})\.pkpass$/;
/** The page's Google button (GOOGLE_SAVE_SUFFIX): a save link made now; after a cancellation 404. */
const GOOGLE_FILE = /^([0-9a-f-]{36})\.google$/;
const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' };

export async function cardFile(cards: GuestCardRow[], file: string): Promise<Response> {
  const view = cardView(cards);
  if (view.state !== 'ready') return new Response(null, { status: 404 });
  const [first] = view.cards;
  if (file === 'gaestekarte.pdf' && first) {
    const stored = await storedPdf(first, first.formId);
    if (!stored) return new Response(null, { status: 404 });
    return new Response(new Uint8Array(stored.pdf), {
      headers: {
        ...PRIVATE,
        'content-type': 'application/pdf',
        'content-disposition': 'inline; filename="gaestekarte.pdf"',
      },
    });
  }
  const saveFor = GOOGLE_FILE.exec(file)?.[1];
  if (saveFor) {
    const card = view.cards.find((c) => c.id === saveFor && c.karte);
    const google = googleConfig();
    if (!card || !google) return new Response(null, { status: 404 });
    const link = await saveLink(google, new URL(publicBaseUrl()).origin, {
      serial: card.id,
      karte: card.karte!,
      cancelled: false,
    });
    return new Response(null, { status: 303, headers: { ...PRIVATE, location: link } });
  }
  const serial = PASS_FILE.exec(file)?.[1];
  const card = serial ? view.cards.find((c) => c.id === serial && c.karte) : undefined;
  const apple = appleConfig();
  if (!card || !apple) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(applePassFor(apple, card)), {
    headers: {
      ...PRIVATE,
      'content-type': PKPASS_TYPE,
      'content-disposition': `attachment; filename="gaestekarte-${card.karte!.kartennummer}.pkpass"`,
    },
  });
}
