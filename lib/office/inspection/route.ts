// The inspection export's download (POST /verwaltung/auskunft/export, docs/decisions/033): staff
// with `office.inspect`, a post from our own pages, a checked query; then the audit entry, then the
// forms streamed as CSV or JSON. The page before it checks the same query and says what is wrong,
// so a bad value reaches this handler only from a hand-made request (answered 400 in words).
import type { Db } from '../../db';
import type { Actor } from '../audit/audit';
import { isSameOriginPost } from '../sign-in/csrf';
import { beginInspection, InspectionQuery } from './inspection';
import { inspectionCsv, inspectionJson } from './format';
import { OFFICE_HOME, officeSignInRedirect } from '../sign-in/paths';
import type { Staff } from '../sign-in/session-seal';

const INSPECTION_PAGE = '/verwaltung/auskunft';

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

const plain = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

export async function inspectionExport(
  req: Request,
  staff: Staff | null,
  db: Db,
  now = new Date(),
): Promise<Response> {
  if (!staff) return seeOther(officeSignInRedirect(INSPECTION_PAGE));
  if (!isSameOriginPost(req.headers)) {
    return plain(403, 'Nur aus der Verwaltung selbst. / Only from the office itself.');
  }
  if (!staff.permissions.has('office.inspect')) {
    return seeOther(`${OFFICE_HOME}?fehlt=${encodeURIComponent('office.inspect')}`);
  }
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    return plain(400, 'Die Anfrage ist kein Formular. / The request is not a form.');
  }
  const values: Record<string, string> = {};
  for (const key of ['beherberger', 'from', 'to', 'format']) {
    const v = form.get(key);
    if (typeof v === 'string') values[key] = v;
  }
  const parsed = InspectionQuery.safeParse(values);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))];
    return plain(
      400,
      `Bitte prüfen / Please check: ${names.join(', ')}. Das Formular: ${INSPECTION_PAGE}`,
    );
  }
  const q = parsed.data;
  const actor: Actor = { staffId: staff.id, name: staff.username };
  const landlord = await beginInspection(db, q, actor, staff);
  if (!landlord) return plain(404, 'Diesen Vermieter gibt es nicht. / No such landlord.');
  const chunks =
    q.format === 'json'
      ? inspectionJson(db, landlord, q, now)
      : inspectionCsv(db, landlord, q, now);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    // Pulled one page at a time: memory stays bounded whatever the range holds.
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const name = `meldescheine-${landlord.id}-${q.from}-${q.to}.${q.format}`;
  return new Response(body, {
    status: 200,
    headers: {
      'content-type':
        q.format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
