// The guest card (Kurkarte) as a PDF download. Every `get-pdf` call counts as a print at the
// municipality (spec 4.5), so the first download fetches and stores the PDF and later ones serve
// the stored copy while it still shows the form; an outdated copy is never handed out (the stay
// page offers the reprint, with confirmation), and a cancelled stay has no card at all (410).
import { redirect } from 'next/navigation';
import { isApiError } from '@/lib/portal/api/client';
import { isCardOutdated } from '@/lib/portal/stays/card-fingerprint';
import { loadConfig } from '@/lib/portal/config/load';
import { loadForm } from '@/lib/portal/stays/load-form';
import { parseFormId } from '@/lib/portal/stays/form-id';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { getI18n } from '@/lib/portal/i18n/server';
import { storePdf, storedPdf } from '@/lib/portal/stays/pdf-store';
import { ownerOf, reauthenticateOn401, verifySession } from '@/lib/portal/session/session';
import { noCardPage } from './no-card-page';

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
  let pdf: Uint8Array | undefined;
  let nummer = String(formId);
  let failure: string | null = null;
  try {
    const config = await loadConfig(session);
    const loaded = await loadForm(session, config, formId);
    if (!loaded) return new Response('Not found', { status: 404 });
    const { form, gemeindeId } = loaded;
    nummer = form.meldescheinnummer;
    if (form.state === 'cancelled') return noCardPage(await getI18n(), page, nummer);
    const stored = await storedPdf(owner, formId);
    // The page says the copy is outdated and offers the reprint; never hand out the old card.
    if (stored && isCardOutdated(stored, form)) redirect(page);
    pdf = stored?.pdf;
    if (!pdf) {
      const meta = { gemeinde: gemeindeId, objekt: form.objekt_id };
      const [card] = await session.api.guestCards(meta, [formId]);
      if (!card) throw new Error('get-pdf returned no card');
      pdf = card.pdf;
      await storePdf(owner, form, pdf, false);
      // Printing a draft makes it `printed`: show that in the list straight away.
      await saveForms(owner, gemeindeId, await session.api.get(meta, [formId]));
    }
  } catch (err) {
    reauthenticateOn401(err, page);
    if (!isApiError(err)) throw err;
    failure = err.code;
  }
  if (failure || !pdf) redirect(`${page}?fehler=${failure ?? 'invalid_response'}`);
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
