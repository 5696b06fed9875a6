// The records of a date range as a ZIP (BeherbMeldV § 2 names and folders), the signed-in
// owner's only. A bad range leads back to the export page with a message, never a 500.
import { getDb } from '@/lib/db';
import { recordsBetween, zipRecords } from '@/lib/portal/arrival/export';
import { parseRange } from '@/lib/portal/arrival/range';
import { ownerOf, routeSession } from '@/lib/portal/session/session';

export const dynamic = 'force-dynamic';

const PAGE = '/aufenthalte/meldescheine';

export async function GET(request: Request): Promise<Response> {
  const session = await routeSession(PAGE);
  if (session instanceof Response) return session;
  const range = parseRange(new URL(request.url).searchParams);
  if (!range) {
    return new Response(null, { status: 303, headers: { Location: `${PAGE}?fehler=zeitraum` } });
  }
  const records = await recordsBetween(await getDb(), ownerOf(session), range.from, range.to);
  const zip = zipRecords(records);
  const name = `BeherbMeldeschein_${range.from.replaceAll('-', '')}-${range.to.replaceAll('-', '')}.zip`;
  return new Response(Buffer.from(zip), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
