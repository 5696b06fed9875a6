import '#server-only'; // also in the Pages Router: see lib/server-only.js
// What the guest's Pages Router pages (decision 022) read from a Node request, where the app
// router had `next/headers` and server actions: the language cookie, the posted form, whether
// the post came from our own page, and the client's address.
import type { IncomingMessage } from 'node:http';
import { langOf } from '../i18n/cookie';
import { isLang, LANG_COOKIE, type Lang } from '../i18n';
import { isSameOriginPost } from '../session/csrf';
import { clientAddressFrom } from './client-address';

type NodeRequest = IncomingMessage & { cookies?: Partial<Record<string, string>> };

/** Header lookup as `Headers.get` answers it (a repeated header joined by commas). */
export function headersOf(req: IncomingMessage): { get(name: string): string | null } {
  return {
    get(name) {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** The page's language: the cookie (proxy.ts puts the browser's language there until one is chosen). */
export function requestLang(req: NodeRequest): Lang {
  return langOf(req.cookies?.[LANG_COOKIE]);
}

/**
 * Whether a post may act: from our own page, by the rule of the portal's other posts
 * (`Sec-Fetch-Site`, else `Origin`; csrf.ts). What a server action had from Next's origin check.
 */
export function isOwnPost(req: IncomingMessage): boolean {
  return isSameOriginPost(headersOf(req));
}

/** The guest's address for the per-address rate limit (server.ts's front door resolved it). */
export function requestClientAddress(req: IncomingMessage): string {
  return clientAddressFrom(headersOf(req));
}

/** As large as a server action's body may be (Next's default): a party is a few kilobytes. */
const BODY_LIMIT = 1024 * 1024;

/**
 * The posted form (`application/x-www-form-urlencoded`, what a form without `enctype` sends);
 * null for another type or a body over the limit.
 */
export async function readFormBody(req: IncomingMessage): Promise<URLSearchParams | null> {
  const type = (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The language switch's post (components/shell/language-switch.tsx): the language it asks for. */
export function chosenLang(body: URLSearchParams): Lang | null {
  const lang = body.get('lang');
  return isLang(lang) ? lang : null;
}
