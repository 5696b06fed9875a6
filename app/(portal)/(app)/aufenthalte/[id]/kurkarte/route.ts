// The guest card (Kurkarte) as a PDF download. Every `get-pdf` call counts as a print at the
// municipality (spec 4.5) and turns a draft into `printed`, so only a POST the portal's own page
// made prints (its download button is a form): a link or an image on another site makes a
// signed-in landlord's browser send a GET, and a GET only serves the stored copy while it still
// shows the form. Without one it leads to the stay's page, which offers the button. An outdated
// copy is never handed out (the stay page offers the reprint, with confirmation), and a cancelled
// stay has no card at all (410). Every redirect is a 303: the browser follows it with a GET.
import { isApiError } from '@/lib/portal/api/client';
import { errorCodeForUrl } from '@/lib/portal/api/errors';
import { loadConfig } from '@/lib/portal/config/load';
import { getI18n } from '@/lib/portal/i18n/server';
import { isSameOriginPost } from '@/lib/portal/session/csrf';
import { signInRedirect } from '@/lib/portal/session/paths';
import { ownerOf, routeSession } from '@/lib/portal/session/session';
import { isCardOutdated } from '@/lib/portal/stays/card-fingerprint';
import { parseFormId } from '@/lib/portal/form-id';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { loadForm } from '@/lib/portal/stays/load-form';
import { storePdf, storedPdf } from '@/lib/portal/stays/pdf-store';
import { noCardPage } from './no-card-page';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

export function GET(_request: Request, context: Context): Promise<Response> {
  return guestCard(context, false);
}

export function POST(request: Request, context: Context): Promise<Response> {
  return guestCard(context, isSameOriginPost(request.headers));
}

async function guestCard(context: Context, mayPrint: boolean): Promise<Response> {
  const formId = parseFormId((await context.params).id);
  if (!formId) return new Response('Not found', { status: 404 });
  const page = `/aufenthalte/${formId}`;
  const session = await routeSession(page);
  if (session instanceof Response) return session;
  const owner = ownerOf(session);
  let pdf: Uint8Array | undefined;
  let nummer = String(formId);
  try {
    const config = await loadConfig(session);
    const loaded = await loadForm(session, config, formId);
    if (!loaded) return new Response('Not found', { status: 404 });
    const { form, gemeindeId } = loaded;
    nummer = form.meldescheinnummer;
    if (form.state === 'cancelled') return noCardPage(await getI18n(), page, nummer);
    const stored = await storedPdf(owner, formId);
    // The page says the copy is outdated and offers the reprint; never hand out the old card.
    if (stored && isCardOutdated(stored, form)) return seeOther(page);
    pdf = stored?.pdf;
    if (!pdf) {
      if (!mayPrint) return seeOther(page);
      const meta = { gemeinde: gemeindeId, objekt: form.objekt_id };
      const [card] = await session.api.guestCards(meta, [formId]);
      if (!card) throw new Error('get-pdf returned no card');
      pdf = card.pdf;
      await storePdf(owner, form, pdf, false);
      // Printing a draft makes it `printed`: show that in the list straight away.
      await saveForms(owner, gemeindeId, await session.api.get(meta, [formId]));
    }
  } catch (err) {
    if (isApiError(err, 'unauthenticated')) return seeOther(signInRedirect(page, 'SessionExpired'));
    if (!isApiError(err)) throw err;
    return seeOther(`${page}?fehler=${errorCodeForUrl(err)}`);
  }
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
