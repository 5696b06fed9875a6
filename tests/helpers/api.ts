// Calls the service handler in-process, as a booking system would over HTTP.
import { createServiceHandler } from '@/lib/service';
import type { TestDb } from './db';

export interface CallOptions {
  token?: string;
  format?: 'json' | 'xml';
  contentType?: string | null;
  userAgent?: string | null;
  headers?: Record<string, string>;
  /** A raw body instead of JSON.stringify(body). */
  raw?: string;
  query?: Record<string, string>;
  clientAddress?: string;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export function apiClient(t: TestDb) {
  const handler = createServiceHandler({ db: async () => t.db });

  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    o: CallOptions = {},
  ): Promise<CallResult<T>> {
    const url = new URL(`http://service.test/api/${path}`);
    if (o.format) url.searchParams.set('format', o.format);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const headers = new Headers(o.headers);
    const contentType = o.contentType === undefined ? 'application/json' : o.contentType;
    if (contentType !== null) headers.set('content-type', contentType);
    const userAgent = o.userAgent === undefined ? 'meldeportal-tests/1.0' : o.userAgent;
    if (userAgent !== null) headers.set('user-agent', userAgent);
    if (o.token) headers.set('authorization', `JWT ${o.token}`);
    const bodyText = o.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    // Bytes, not a string: a string body would make Request add its own Content-Type.
    const payload = bodyText === undefined ? undefined : new TextEncoder().encode(bodyText);
    const res = await handler(
      new Request(url, { method, headers, body: method === 'GET' ? undefined : payload }),
      { clientAddress: o.clientAddress ?? '127.0.0.1' },
    );
    const text = await res.text();
    let json = {} as T;
    if (res.headers.get('content-type')?.includes('json')) json = JSON.parse(text) as T;
    return { status: res.status, headers: res.headers, text, json };
  }

  async function login(username: string, password = username): Promise<string> {
    const res = await call<{ token: string }>('POST', 'token/', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.text}`);
    return res.json.token;
  }

  return {
    handler,
    call,
    login,
    post: <T = Record<string, unknown>>(path: string, body?: unknown, o?: CallOptions) =>
      call<T>('POST', path, body, o),
    get: <T = Record<string, unknown>>(path: string, o?: CallOptions) =>
      call<T>('GET', path, undefined, o),
  };
}
