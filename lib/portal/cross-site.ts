// A post to the portal's pages from another site (issue 38; the rule and the page:
// lib/cross-site.ts): the landlord's pages post only server actions, so a post to one of them that
// does not come from the portal's own pages (lib/portal/session/csrf.ts), or whose Origin is not
// the host Next compares it with, is answered 403 in the portal's words before Next's action
// handler answers it 500. The guest pages (Pages Router forms), next-auth's routes, the service,
// Stripe's webhook and the wallets' web services are not pages with actions and stay untouched.
import { originNotHost, refusalHtml, type PostLike } from '../cross-site';
import { isSameOriginPost } from './session/csrf';
import { isLang, LANG_COOKIE, messagesFor } from './i18n';

/** The portal's app-router pages (their server actions included) and the office's password page. */
const PORTAL_ACTION_PAGES =
  /^\/(|anmelden|passwort|uebersicht|aufenthalte|abrechnung|online-check-in|kalender|postausgang|zahlungen)(\/|$)/;

/** Why a post to `pathname` is refused, or null when it may go on to Next. */
export function portalCrossSitePost(req: PostLike, pathname: string): string | null {
  if (req.method !== 'POST' || !PORTAL_ACTION_PAGES.test(pathname)) return null;
  if (!isSameOriginPost(req.headers)) return 'not from the portal pages';
  return originNotHost(req);
}

/** The 403 page, in the portal's language (its `lang` cookie), German by default. */
export function portalRefusalPage(req: PostLike): string {
  const chosen = req.cookies.get(LANG_COOKIE)?.value;
  const lang = isLang(chosen) ? chosen : 'de';
  const m = messagesFor(lang);
  return refusalHtml({ lang, appName: m.common.appName, ...m.refused, home: '/uebersicht' });
}
