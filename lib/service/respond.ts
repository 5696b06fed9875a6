// Serializing replies: JSON or XML per `?format=`, one error envelope for every failure.
import { createHash, randomUUID } from 'node:crypto';
import { ServiceError } from '../wire/errors';
import { zonelessDateTime } from '../wire/time';
import { toXml } from '../wire/xml';
import type { Format } from './context';

const CONTENT_TYPE: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

/**
 * An answer of the service as plain values: the node:http front door writes it as it is (one
 * socket write for a text body), and `toResponse` makes the web `Response` of route handlers and
 * tests. Building a `Response` for every answer cost ~5 % of a booking's CPU (undici's body
 * extraction makes a web stream of the text even when it is never read; docs/performance.md).
 */
export class Reply {
  constructor(
    readonly status: number,
    /** Lower-case names, listed in the order a web `Headers` lists them (sorted by name). */
    readonly headers: Readonly<Record<string, string>>,
    readonly body: string | Uint8Array<ArrayBuffer> | null,
  ) {}

  /** The same answer as a web `Response`. */
  toResponse(): Response {
    return new Response(this.body, { status: this.status, headers: this.headers });
  }
}

export function reply(
  body: unknown,
  format: Format,
  status = 200,
  headers: Record<string, string> = {},
): Reply {
  return replyText(format === 'xml' ? toXml(body) : JSON.stringify(body), format, status, headers);
}

// The headers of every answer with a body, sorted as a web Headers lists them.
const BASE_HEADERS: Record<Format, Readonly<Record<string, string>>> = {
  json: {
    'cache-control': 'no-store',
    'content-type': CONTENT_TYPE.json,
    // A browser must never read an answer as anything but its declared type (issue 8).
    'x-content-type-options': 'nosniff',
  },
  xml: {
    'cache-control': 'no-store',
    'content-type': CONTENT_TYPE.xml,
    'x-content-type-options': 'nosniff',
  },
};

/** Headers with `extra` over `base`, names lower-cased and sorted as a web Headers lists them. */
function merged(
  base: Readonly<Record<string, string>>,
  extra: Record<string, string>,
): Readonly<Record<string, string>> {
  const names = Object.keys(extra);
  if (!names.length) return base;
  const all: Record<string, string> = { ...base };
  for (const name of names) all[name.toLowerCase()] = extra[name]!.trim();
  const sorted: Record<string, string> = {};
  for (const name of Object.keys(all).sort()) sorted[name] = all[name]!;
  return sorted;
}

/** An answer made of its text (or bytes), with the headers of every answer. */
export function replyText(
  text: string | Uint8Array<ArrayBuffer>,
  format: Format,
  status = 200,
  headers: Record<string, string> = {},
): Reply {
  return new Reply(status, merged(BASE_HEADERS[format], headers), text);
}

/**
 * `reply` with a strong `ETag` of the answer's bytes (extension, docs/api.md): a client that sends
 * it back in `If-None-Match` gets `304` without a body while the answer is unchanged. `no-store`
 * stays: shared and browser caches keep nothing; a client keeps its own copy if it asks this way.
 */
export function replyWithEtag(
  answer: { bytes: Uint8Array<ArrayBuffer>; etag: string },
  format: Format,
  ifNoneMatch: string | null,
): Reply {
  const { bytes, etag } = answer;
  if (ifNoneMatch !== null && etagListHas(ifNoneMatch, etag)) {
    // RFC 9110 15.4.5: the validators and caching headers of the 200, no body, no content type.
    return new Reply(304, { 'cache-control': 'no-store', etag }, null);
  }
  return replyText(bytes, format, 200, { etag });
}

/** A strong entity tag of a text: its SHA-1, base64url. */
export function etagOf(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** RFC 9110 13.1.2: `*` or a list of entity tags, compared weakly (a `W/` prefix is ignored). */
function etagListHas(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

export function newRequestId(): string {
  return randomUUID();
}

export function errorReply(err: ServiceError, format: Format, requestId?: string): Reply {
  return reply(
    {
      status: 'error',
      // Clients of the municipal service read these two (Django REST framework shape).
      status_code: err.status,
      detail: err.message,
      error: {
        code: err.code,
        message: err.message,
        details: err.details,
        ...(err.forms ? { forms: err.forms } : {}),
      },
      meta: { requestId: requestId ?? newRequestId(), timestamp: zonelessDateTime(new Date()) },
    },
    format,
    err.status,
    err.headers,
  );
}
