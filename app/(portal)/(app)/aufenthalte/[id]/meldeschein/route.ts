// The paper route's registration forms as a PDF (one page per signer, or `?gast=<id>` for one),
// from the portal's arrival record under the signed-in owner's key: someone else's form is 404.
// Each in German and the signer's language (arrival/paper.ts), or the one `?sprache=` names.
// A GET changes nothing.
import { getDb } from '@/lib/db';
import { paperForms } from '@/lib/portal/arrival/paper';
import { arrivalState } from '@/lib/portal/arrival/record';
import { isGuestLang } from '@/lib/portal/i18n/guest/languages';
import { ownerOf, routeSession } from '@/lib/portal/session/session';
import { parseFormId } from '@/lib/portal/form-id';
import { guestLangOfForm } from '@/lib/portal/stays/planned';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  const formId = parseFormId((await context.params).id);
  if (!formId) return new Response('Not found', { status: 404 });
  const session = await routeSession(`/aufenthalte/${formId}`);
  if (session instanceof Response) return session;
  const owner = ownerOf(session);
  const state = await arrivalState(await getDb(), { ...owner, formId });
  const query = new URL(request.url).searchParams;
  // `?gast=` empty (the panel's language form, "everyone"): every signer.
  const gast = query.get('gast') || null;
  const sprache = query.get('sprache');
  const signers = (state?.required ? state.signers : []).filter(
    (s) => gast === null || String(s.guestId) === gast,
  );
  if (!state || !signers.length) return new Response('Not found', { status: 404 });
  const pdf = await paperForms(state.party, signers, {
    partyLang: await guestLangOfForm(owner, formId),
    lang: isGuestLang(sprache) ? sprache : undefined,
  });
  const name = `Meldeschein-${state.party.meldescheinnummer}${gast ? `-${gast}` : ''}.pdf`;
  return new Response(Buffer.from(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${name.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
