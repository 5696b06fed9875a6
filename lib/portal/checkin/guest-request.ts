import '#server-only'; // also in the Pages Router: see lib/server-only.js
// What the guest's Pages Router pages (decision 022) read from a Node request, where the app
// router had `next/headers` and server actions: the language cookie, the posted form, whether
// the post came from our own page, the language switch's answer, and the client's address; and
// `getServerSideProps` of the pages whose only post is the language switch.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GetServerSideProps, Redirect } from 'next';
import { langSetCookie } from '../i18n/cookie';
import { LANG_COOKIE } from '../i18n';
import { guestLangOf, isGuestLang, type GuestLang } from '../i18n/guest/languages';
import { isSameOriginPost } from '../session/csrf';
import { clientAddressFrom } from './client-address';
import { rememberGuestLanguage } from './guest-view';
import { checkinPath } from './paths';

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
export function requestLang(req: NodeRequest): GuestLang {
  return guestLangOf(req.cookies?.[LANG_COOKIE]);
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

/**
 * The language switch's post (components/checkin/guest-language-switch.tsx), when the body is
 * one: the cookie set (i18n/cookie.ts, the server action's options), the choice kept for the
 * invitation's mails, and back to the page (303).
 */
export async function switchLanguage(
  res: ServerResponse,
  body: URLSearchParams,
  token: string,
  subpath = '',
): Promise<{ redirect: Redirect } | null> {
  const lang = body.get('lang');
  if (!isGuestLang(lang)) return null;
  await rememberGuestLanguage(token, lang);
  res.setHeader('Set-Cookie', langSetCookie(lang));
  return { redirect: { destination: `${checkinPath(token)}${subpath}`, statusCode: 303 } };
}

/**
 * For the pages whose only post is the language switch: the switch's answer. Null for a GET, and
 * for a post that may not act (from another site, or not the switch's): that one is answered 403
 * with the page as it is.
 */
async function answerLanguagePost(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  subpath: string,
): Promise<{ redirect: Redirect } | null> {
  if (req.method !== 'POST') return null;
  const body = isOwnPost(req) ? await readFormBody(req) : null;
  const answer = body ? await switchLanguage(res, body, token, subpath) : null;
  if (!answer) res.statusCode = 403;
  return answer;
}

/** A guest page under a check-in link: its language, the link's token and what it shows. */
export interface GuestPageProps<View> {
  lang: GuestLang;
  token: string;
  view: View;
}

/**
 * `getServerSideProps` of a guest page under a check-in link whose only post is the language
 * switch (the thank-you and card pages, at `checkinPath(token)` + `subpath`): the switch's answer,
 * or the page in the request's language with what `load` finds for the link and this phone.
 */
export function guestPageProps<View>(
  subpath: string,
  load: (
    token: string,
    from: { req: IncomingMessage; res: ServerResponse<IncomingMessage> },
    lang: GuestLang,
  ) => Promise<View>,
): GetServerSideProps<GuestPageProps<View>, { token: string }> {
  return async ({ req, res, params }) => {
    const token = params!.token;
    const switched = await answerLanguagePost(req, res, token, subpath);
    if (switched) return switched;
    const lang = requestLang(req);
    return { props: { lang, token, view: await load(token, { req, res }, lang) } };
  };
}
