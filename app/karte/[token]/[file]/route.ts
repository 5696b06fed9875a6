// The downloads of the mailed card page (PDF, Apple pass, Google save link).
import { cardsByMailLink } from '@/lib/portal/guest-card/access';
import { cardFile } from '@/lib/portal/guest-card/files';

export async function GET(
  _req: Request,
  { params }: { params: Promise<{ token: string; file: string }> },
) {
  const { token, file } = await params;
  return cardFile(await cardsByMailLink(token), file);
}
