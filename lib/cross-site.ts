// A post to one of our app-router pages from another site (issue 38). Every post there is a
// server action, and Next's action handler answers a foreign Origin with a 500 ("Invalid Server
// Actions request") and an error in the log. proxy.ts asks first, for the office
// (lib/office/cross-site.ts) and the portal (lib/portal/cross-site.ts) alike: a post that does not
// come from our own pages, or whose Origin is not the host Next compares it with, is answered 403
// with a page in the room's words, and the log gets one line. Nothing of the page runs for it, so
// nothing is changed. This module holds what both rooms share; it imports neither.
import { escapeHtml } from './escape-html';

export interface PostLike {
  method: string;
  headers: { get(name: string): string | null };
  cookies: { get(name: string): { value: string } | undefined };
}

/**
 * Why a post the room's own check let pass would still be refused by Next's action handler
 * (app-render/action-handler.ts: the Origin's host against X-Forwarded-Host, else Host), or null.
 */
export function originNotHost(req: PostLike): string | null {
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
export function refusalLogLine(room: string, req: PostLike, pathname: string, why: string): string {
  const quoted = (name: string) => JSON.stringify((req.headers.get(name) ?? '-').slice(0, 100));
  return `${room}: refused a cross-site post to ${JSON.stringify(pathname.slice(0, 200))} (${why}; Sec-Fetch-Site ${quoted('sec-fetch-site')}, Origin ${quoted('origin')})`;
}

/** The words of a refusal page, in one language. */
export interface RefusalWords {
  lang: string;
  appName: string;
  title: string;
  text: string;
  next: string;
  back: string;
  /** Where the page's one link leads (the room's start). */
  home: string;
}

/** The 403 page: plain HTML, no script, no styles of the app. */
export function refusalHtml(w: RefusalWords): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(w.lang)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${w.title} · ${w.appName}`)}</title></head>`,
    '<body>',
    `<main><p>${escapeHtml(w.appName)}</p>`,
    `<h1>${escapeHtml(w.title)}</h1>`,
    `<p>${escapeHtml(w.text)}</p>`,
    `<p>${escapeHtml(w.next)}</p>`,
    `<p><a href="${escapeHtml(w.home)}">${escapeHtml(w.back)}</a></p></main>`,
    '</body></html>',
  ].join('\n');
}
