// A post to the office from another site (issue 38). Every post of the office is a server action,
// and Next's action handler answers a foreign Origin with a 500 ("Invalid Server Actions
// request") and an error in the log. proxy.ts asks first: a post under /verwaltung that does not
// come from our own pages (lib/office/sign-in/csrf.ts), or whose Origin is not the host Next
// compares it with, is answered 403 with a page in words, and the log gets one line. Nothing of
// the office runs for it, so nothing is changed.
import { isSameOriginPost } from './sign-in/csrf';
import { office } from './i18n/office';
import { OFFICE_HOME } from './sign-in/paths';

interface PostLike {
  method: string;
  headers: { get(name: string): string | null };
  cookies: { get(name: string): { value: string } | undefined };
}

const OFFICE_PATHS = new RegExp(`^${OFFICE_HOME}(/|$)`);

/** Why a post to `pathname` is refused, or null when it may go on to Next. */
export function crossSitePost(req: PostLike, pathname: string): string | null {
  if (req.method !== 'POST' || !OFFICE_PATHS.test(pathname)) return null;
  if (!isSameOriginPost(req.headers)) return 'not from the office pages';
  // What Next's action handler compares (app-render/action-handler.ts): the Origin's host with
  // X-Forwarded-Host, else Host. A post it would refuse is refused here in words instead.
  const origin = req.headers.get('origin');
  if (origin === null) return null;
  const host =
    req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || req.headers.get('host');
  return hostOf(origin) === host ? null : 'origin is not this host';
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The one log line of a refused post (header values cut short and quoted: they are anyone's). */
export function refusalLogLine(req: PostLike, pathname: string, why: string): string {
  const quoted = (name: string) => JSON.stringify((req.headers.get(name) ?? '-').slice(0, 100));
  return `office: refused a cross-site post to ${JSON.stringify(pathname.slice(0, 200))} (${why}; Sec-Fetch-Site ${quoted('sec-fetch-site')}, Origin ${quoted('origin')})`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 403 page, in the office's language (the `lang` cookie, as lib/office/i18n reads it). */
export function refusalPage(req: PostLike): string {
  const lang = req.cookies.get('lang')?.value === 'en' ? 'en' : 'de';
  const m = office[lang];
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${m.refused.title} · ${m.appName}`)}</title></head>`,
    '<body>',
    `<main><p>${escapeHtml(m.appName)}</p>`,
    `<h1>${escapeHtml(m.refused.title)}</h1>`,
    `<p>${escapeHtml(m.refused.text)}</p>`,
    `<p>${escapeHtml(m.refused.next)}</p>`,
    `<p><a href="${OFFICE_HOME}">${escapeHtml(m.refused.back)}</a></p></main>`,
    '</body></html>',
  ].join('\n');
}
