// The service as one web-standard handler `(Request) => Promise<Response>` (DECISIONS 1), whose
// `reply` gives the same answer as plain values for the node:http front door. It runs
// the checks in the documented order, and the first failure answers (DECISIONS 2.3): path and
// method, headers, size, token, body and schema; the endpoint then checks permission and `meta`,
// ids, state and idempotency.
import type { z } from 'zod';
import type { Db } from '../db';
import { describeError } from '../log';
import { detail, fromZodError, ServiceError } from '../wire/errors';
import { jsonSchemaOf } from '../wire/requests';
import { parseXml } from '../wire/xml';
import { clientAddress } from '../client-address';
import { tokenFromRequest, verifyToken } from './accounts/tokens';
import { loadAuthUser } from './accounts/users';
import type { Format, RequestContext, Route, ServiceRequest } from './context';
import { errorReply, Reply, reply } from './respond';
import { findRoute } from './routes';

export const API_PREFIX = '/api/';
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ServiceOptions {
  db: () => Promise<Db>;
}

export interface RequestInfo {
  /** The direct peer's address; X-Forwarded-For counts only when it is a trusted proxy. */
  clientAddress?: string;
}

export interface ServiceHandler {
  (request: ServiceRequest, info?: RequestInfo): Promise<Response>;
  /** The same answer as plain values, written by the node:http front door without a `Response`. */
  reply(request: ServiceRequest, info?: RequestInfo): Promise<Reply>;
}

export function createServiceHandler(options: ServiceOptions): ServiceHandler {
  const answer = createReplyHandler(options);
  const handler = async (request: ServiceRequest, info?: RequestInfo) =>
    (await answer(request, info)).toResponse();
  return Object.assign(handler, { reply: answer });
}

function createReplyHandler(
  options: ServiceOptions,
): (request: ServiceRequest, info?: RequestInfo) => Promise<Reply> {
  return async (request, info = {}) => {
    const url = new URL(request.url);
    const formatParam = url.searchParams.get('format');
    const format = formatOf(url);
    let requestId: string | undefined;
    try {
      const route = resolve(url.pathname, request.method);
      const mediaType = checkHeaders(request, route);
      if (formatParam !== null && formatParam !== 'json' && formatParam !== 'xml') {
        throw new ServiceError(
          'validation_error',
          'The query parameter format must be json or xml.',
          [detail('format', 'invalid_value', 'expected json or xml', { allowed: ['json', 'xml'] })],
        );
      }
      const raw = route.method === 'POST' ? await readBody(request) : '';
      const db = await options.db();
      const ctx: RequestContext = {
        db,
        request,
        url,
        format,
        clientAddress: clientAddress(info.clientAddress, request.headers.get('x-forwarded-for')),
        user: null,
        token: null,
        now: new Date(),
      };
      if (route.auth) {
        ctx.token = await verifyToken(tokenFromRequest(request, url));
        ctx.user = await loadAuthUser(db, ctx.token);
      }
      const body = route.body ? parseBody(raw, mediaType, route.body) : undefined;
      requestId = requestIdOf(body);
      const result = await route.handle(ctx, body);
      return result instanceof Reply ? result : reply(result, format);
    } catch (err) {
      if (err instanceof ServiceError) return errorReply(err, format, requestId);
      // Never the error itself: its message and parameters can hold the guests' data.
      console.error('service: unexpected error', describeError(err));
      return errorReply(
        new ServiceError('internal_error', 'An unexpected error occurred; nothing was changed.'),
        format,
        requestId,
      );
    }
  };
}

/** The reply format asked for by `?format=` (an invalid value is refused later, answered in JSON). */
export function formatOf(target: URL | string): Format {
  const url = typeof target === 'string' ? new URL(target, 'http://service') : target;
  return url.searchParams.get('format') === 'xml' ? 'xml' : 'json';
}

/** The route for a path and method, or the 404/405 that answers instead. */
export function resolve(pathname: string, method: string): Route {
  const path = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) : null;
  if (path === null) throw new ServiceError('not_found', `No endpoint at ${pathname}.`);
  if (!path.endsWith('/')) {
    const hint = findRoute(`${path}/`) ? ` Every URL ends with a slash: use ${pathname}/` : '';
    throw new ServiceError('not_found', `No endpoint at ${pathname}.${hint}`);
  }
  const routes = findRoute(path);
  if (!routes) throw new ServiceError('not_found', `No endpoint at ${pathname}.`);
  const route = Object.hasOwn(routes, method) ? routes[method as 'GET' | 'POST'] : undefined;
  if (!route) {
    const allow = Object.keys(routes).join(', ');
    throw new ServiceError(
      'method_not_allowed',
      `${method} is not allowed here; use ${allow}.`,
      [],
      {
        allow,
      },
    );
  }
  return route;
}

type MediaType = 'json' | 'xml' | 'form';

/** Spec 1.1 rules 2-3: Content-Type and User-Agent on every request, GET included. */
function checkHeaders(request: ServiceRequest, route: Route): MediaType {
  const contentType = request.headers.get('content-type')?.trim();
  const userAgent = request.headers.get('user-agent')?.trim();
  if (!contentType || !userAgent) {
    throw new ServiceError(
      'forbidden',
      'The headers Content-Type and User-Agent are required on every request.',
    );
  }
  const [type = '', ...params] = contentType
    .toLowerCase()
    .split(';')
    .map((s) => s.trim());
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice(8)
    .replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ServiceError('unsupported_media_type', 'Requests must be encoded as UTF-8.');
  }
  if (type === 'application/json') return 'json';
  if (type === 'application/xml' || type === 'text/xml') return 'xml';
  if (type === 'application/x-www-form-urlencoded' && route.acceptsFormData) return 'form';
  throw new ServiceError(
    'unsupported_media_type',
    `Content-Type ${type} is not supported; use application/json or application/xml${route.acceptsFormData ? ' or application/x-www-form-urlencoded' : ''}.`,
  );
}

async function readBody(request: ServiceRequest): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  const tooLarge = () =>
    new ServiceError(
      'payload_too_large',
      `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    );
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (request.readBytes) {
    // A client that goes away (or is cut off by the request timeout) mid-body is no fault of ours.
    const bytes = await request.readBytes(MAX_BODY_BYTES).catch(() => {
      throw new ServiceError('malformed_body', 'The request body ended before it was complete.');
    });
    if (bytes === null) throw tooLarge();
    return decodeUtf8(bytes);
  }
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    // A client that goes away (or is cut off by the request timeout) mid-body is no fault of ours.
    const { done, value } = await reader.read().catch(() => {
      throw new ServiceError('malformed_body', 'The request body ended before it was complete.');
    });
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return decodeUtf8(Buffer.concat(chunks));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ServiceError('malformed_body', 'The request body is not valid UTF-8.');
  }
}

function parseBody<S extends z.ZodType>(raw: string, type: MediaType, schema: S) {
  let value: unknown;
  if (type === 'form') {
    value = Object.fromEntries(new URLSearchParams(raw));
  } else if (type === 'xml') {
    value = parseXml(raw, jsonSchemaOf(schema));
  } else {
    try {
      value = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch (err) {
      throw new ServiceError(
        'malformed_body',
        `The request body is not valid JSON (${(err as Error).message}).`,
      );
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ServiceError('malformed_body', 'The request body must be an object.');
  }
  // A top-level `status` is ignored on every endpoint: the Go client of the municipal service
  // sends `"status": ""` with stornieren (DECISIONS 2.10).
  const { status: _status, ...body } = value as Record<string, unknown>;
  const parsed = schema.safeParse(body, { reportInput: true });
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

function requestIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('meta' in body)) return undefined;
  const meta = (body as { meta?: { requestId?: unknown } }).meta;
  return typeof meta?.requestId === 'string' ? meta.requestId : undefined;
}
