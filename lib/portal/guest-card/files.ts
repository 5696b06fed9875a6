import 'server-only';
// The card page's downloads (issue 20): the party's PDF and each guest's Apple pass, answered only
// for cards the caller's cookie or mail link opened (access.ts). Anything else is a plain 404.
import { storedPdf } from '../stays/pdf-store';
import { applePassFor } from '../wallet/apple/web-service';
import { PKPASS_TYPE } from '../wallet/apple/pass';
import { appleConfig } from '../wallet/config';
import { cardView } from './access';
import type { GuestCardRow } from './store';

const PASS_FILE = /^([0-9a-f-]{36})\.pkpass$/;
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
