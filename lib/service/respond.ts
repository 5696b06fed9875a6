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

export function reply(
  body: unknown,
  format: Format,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return replyText(format === 'xml' ? toXml(body) : JSON.stringify(body), format, status, headers);
}

// The text each of our answers was made from, so the node:http front door can send it without
// reading the Response's web stream back (docs/performance.md: ~2 % of a booking's CPU).
const texts = new WeakMap<Response, string | Uint8Array<ArrayBuffer>>();

/** The text or bytes `response` was made from, when this module made it; else undefined. */
export function textOf(response: Response): string | Uint8Array<ArrayBuffer> | undefined {
  return texts.get(response);
}

function replyText(
  text: string | Uint8Array<ArrayBuffer>,
  format: Format,
  status: number,
  headers: Record<string, string>,
): Response {
  const response = new Response(text, {
    status,
    headers: {
      'content-type': CONTENT_TYPE[format],
      'cache-control': 'no-store',
      // A browser must never read an answer as anything but its declared type (issue 8).
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  });
  texts.set(response, text);
  return response;
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
): Response {
  const { bytes, etag } = answer;
  if (ifNoneMatch !== null && etagListHas(ifNoneMatch, etag)) {
    // RFC 9110 15.4.5: the validators and caching headers of the 200, no body, no content type.
    return new Response(null, { status: 304, headers: { etag, 'cache-control': 'no-store' } });
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

export function errorReply(err: ServiceError, format: Format, requestId?: string): Response {
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
