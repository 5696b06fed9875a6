// The guest card (Kurkarte) as a PDF download. Every `get-pdf` call counts as a print at the
// municipality (spec 4.5), so the first download fetches and stores the PDF and every later one
// serves the stored copy; only the explicit reprint (with confirmation) fetches a new one.
import { redirect } from 'next/navigation';
import { isApiError } from '@/lib/portal/api';
import { loadConfig, loadForm } from '@/lib/portal/data';
import { parseFormId } from '@/lib/portal/form-id';
import { findForm, saveForms } from '@/lib/portal/forms-index';
import { storePdf, storedPdf } from '@/lib/portal/pdf-store';
import { ownerOf, reauthenticateOn401, verifySession } from '@/lib/portal/session';

export const dynamic = 'force-dynamic';

export async function GET(
  _request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const formId = parseFormId((await context.params).id);
  if (!formId) return new Response('Not found', { status: 404 });
  const page = `/aufenthalte/${formId}`;
  const session = await verifySession(page);
  const owner = ownerOf(session);
  let pdf = (await storedPdf(owner, formId))?.pdf;
  if (!pdf) {
    let failure: string | null = null;
    try {
      const config = await loadConfig(session);
      const loaded = await loadForm(session, config, formId);
      if (!loaded) return new Response('Not found', { status: 404 });
      if (loaded.form.state === 'cancelled') failure = 'not_printable';
      else {
        const meta = { gemeinde: loaded.gemeindeId, objekt: loaded.form.objekt_id };
        const [card] = await session.api.guestCards(meta, [formId]);
        if (!card) throw new Error('get-pdf returned no card');
        pdf = card.pdf;
        await storePdf(owner, formId, pdf, false);
        // Printing a draft makes it `printed`: show that in the list straight away.
        await saveForms(owner, loaded.gemeindeId, await session.api.get(meta, [formId]));
      }
    } catch (err) {
      reauthenticateOn401(err, page);
      if (!isApiError(err)) throw err;
      failure = err.code;
    }
    if (failure || !pdf) redirect(`${page}?fehler=${failure ?? 'invalid_response'}`);
  }
  const nummer = (await findForm(owner, formId))?.meldescheinnummer ?? String(formId);
  const filename = `Kurkarte-${nummer.replace(/[^\w.-]/g, '_')}.pdf`;
  const body = new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }).stream();
  return new Response(body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.byteLength),
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
