// Apple's pass web service (lib/portal/guest-card/apple-web-service.ts): the Wallet app calls
// `<webServiceURL>/v1/…`. Public: each call proves itself with the pass's own token.
import { walletWebService } from '@/lib/portal/guest-card/apple-web-service';

type Params = { params: Promise<{ path: string[] }> };

const handle = async (req: Request, { params }: Params) =>
  walletWebService(req, (await params).path);

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
export const dynamic = 'force-dynamic';
