// The guest's "confirm and pay the Kurtaxe" through the mail's signed card link (decision 029).
import { cookies } from 'next/headers';
import { cardsByMailLink } from '@/lib/portal/guest-card/access';
import { LANG_COOKIE } from '@/lib/portal/i18n';
import { guestLangOf } from '@/lib/portal/i18n/guest/languages';
import { consentParam, payAndRedirect, signerParam } from '@/lib/portal/payments/start-route';

export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const jar = await cookies();
  const path = `/karte/${encodeURIComponent(token)}`;
  return payAndRedirect(
    await cardsByMailLink(token),
    path,
    guestLangOf(jar.get(LANG_COOKIE)?.value),
    signerParam(req.url),
    consentParam(req.url),
  );
}
