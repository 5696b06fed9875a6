// A post to the office from another site (issue 38; the rule and the page: lib/cross-site.ts): a
// post under /verwaltung that does not come from the office's pages (lib/office/sign-in/csrf.ts),
// or whose Origin is not the host Next compares it with, is answered 403 in the office's words.
import { originNotHost, refusalHtml, type PostLike } from '../cross-site';
import { isSameOriginPost } from './sign-in/csrf';
import { office } from './i18n/office';
import { OFFICE_HOME } from './sign-in/paths';

const OFFICE_PATHS = new RegExp(`^${OFFICE_HOME}(/|$)`);

/** Why a post to `pathname` is refused, or null when it may go on to Next. */
export function crossSitePost(req: PostLike, pathname: string): string | null {
  if (req.method !== 'POST' || !OFFICE_PATHS.test(pathname)) return null;
  if (!isSameOriginPost(req.headers)) return 'not from the office pages';
  return originNotHost(req);
}

/** The 403 page, in the office's language (the `lang` cookie, as lib/office/i18n reads it). */
export function refusalPage(req: PostLike): string {
  const lang = req.cookies.get('lang')?.value === 'en' ? 'en' : 'de';
  const m = office[lang];
  return refusalHtml({ lang, appName: m.appName, ...m.refused, home: OFFICE_HOME });
}
