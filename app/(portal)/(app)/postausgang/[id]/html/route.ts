// A mail's HTML part as the guest's mail program would show it. The landlord's and the guest's
// texts in it are escaped when the mail is made (lib/portal/mail/templates.ts); this answer is
// sandboxed on top (no scripts, no requests, no forms), in case an older row was not.
import { getDb } from '@/lib/db';
import { findMail } from '@/lib/portal/mail/outbox';
import { ownerOf, routeSession } from '@/lib/portal/session/session';

const SANDBOX = "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const session = await routeSession(`/postausgang/${id}`);
  if (session instanceof Response) return session;
  const mail = await findMail(await getDb(), ownerOf(session), id);
  if (!mail) return new Response('Not found', { status: 404 });
  return new Response(mail.html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': SANDBOX,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
