// The guest's "confirm and pay the Kurtaxe" on the phone that sent the party (docs/decisions/029).
import { cookies } from 'next/headers';
import { checkinPath } from '@/lib/portal/checkin/paths';
import { cardsByCheckinLink } from '@/lib/portal/guest-card/access';
import { LANG_COOKIE } from '@/lib/portal/i18n';
import { guestLangOf } from '@/lib/portal/i18n/guest/languages';
import { consentParam, payAndRedirect, signerParam } from '@/lib/portal/payments/start-route';

export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const jar = await cookies();
  const cards = await cardsByCheckinLink(token, jar);
  return payAndRedirect(
    cards,
    `${checkinPath(token)}/karte`,
    guestLangOf(jar.get(LANG_COOKIE)?.value),
    signerParam(req.url),
    consentParam(req.url),
  );
}
