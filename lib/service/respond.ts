// Serializing replies: JSON or XML per `?format=`, one error envelope for every failure.
import { randomUUID } from 'node:crypto';
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
  const text = format === 'xml' ? toXml(body) : JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      'content-type': CONTENT_TYPE[format],
      'cache-control': 'no-store',
      // A browser must never read an answer as anything but its declared type (issue 8).
      'x-content-type-options': 'nosniff',
      ...headers,
    },
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
