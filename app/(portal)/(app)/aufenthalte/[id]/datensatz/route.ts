// One signer's BeherbMeldV record (XML, UTF-8), from the portal's arrival record under the
// signed-in owner's key: someone else's form, an unknown signer or a record not yet made is 404.
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalArrivalSigners } from '@/lib/db/schema';
import { signersOf } from '@/lib/portal/arrival/record';
import { ownerOf, routeSession } from '@/lib/portal/session/session';
import { parseFormId } from '@/lib/portal/form-id';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  const formId = parseFormId((await context.params).id);
  const guestId = parseFormId(new URL(request.url).searchParams.get('gast') ?? '');
  if (!formId || !guestId) return new Response('Not found', { status: 404 });
  const session = await routeSession(`/aufenthalte/${formId}`);
  if (session instanceof Response) return session;
  const db = await getDb();
  const [row] = await db
    .select({ xml: portalArrivalSigners.xml })
    .from(portalArrivalSigners)
    .where(and(signersOf(ownerOf(session), [formId]), eq(portalArrivalSigners.guestId, guestId)));
  if (!row?.xml) return new Response('Not found', { status: 404 });
  return new Response(row.xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="BeherbMeldeschein-${formId}-${guestId}.xml"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
