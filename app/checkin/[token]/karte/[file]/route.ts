// The card page's downloads on the phone that sent the party (PDF, Apple pass, Google save link).
import { cookies } from 'next/headers';
import { cardsByCheckinLink } from '@/lib/portal/guest-card/access';
import { cardFile } from '@/lib/portal/guest-card/files';

export async function GET(
  _req: Request,
  { params }: { params: Promise<{ token: string; file: string }> },
) {
  const { token, file } = await params;
  return cardFile(await cardsByCheckinLink(token, await cookies()), file);
}
