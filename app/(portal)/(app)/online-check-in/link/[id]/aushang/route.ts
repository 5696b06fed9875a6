// An object's check-in poster as a PDF (A4 or A5, `?format=`), to print and put up in the flat.
import { findLink } from '@/lib/portal/checkin/links';
import { guestUrl } from '@/lib/portal/checkin/landlord';
import { posterPdf } from '@/lib/portal/checkin/poster';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf, routeSession } from '@/lib/portal/session/session';

export const dynamic = 'force-dynamic';

export async function GET(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  const session = await routeSession(`/online-check-in/link/${id}`);
  if (session instanceof Response) return session;
  const link = await findLink(ownerOf(session), id);
  if (!link || link.kind !== 'object' || link.revokedAt)
    return new Response('Not found', { status: 404 });
  const size = new URL(request.url).searchParams.get('format') === 'A5' ? 'A5' : 'A4';
  const { lang } = await getI18n();
  const pdf = await posterPdf(
    size,
    guestUrl(link),
    link.snapshot.objekt.alias,
    checkinMessages(lang).admin.poster,
  );
  const name = `Check-in-${link.snapshot.objekt.alias.replace(/[^\w.-]/g, '_')}-${size}.pdf`;
  return new Response(new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }).stream(), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.byteLength),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
