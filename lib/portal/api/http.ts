// The Meldeschein API over HTTP with a JWT (the spec this app's service answers, docs/api.md): one
// implementation of the portal's client (client.ts). It talks HTTP only, exactly as a third-party
// booking system would (DECISIONS 1), so it works against the municipality's real systems too.
// Every response is parsed with the wire schemas; every failure becomes an ApiError.
import { z } from 'zod';
import { CurrentUserResponse } from '@/lib/wire/config';
import { ErrorBody } from '@/lib/wire/errors';
import { CardCheckResponse, GetPdfResponse } from '@/lib/wire/kurkarte';
import {
  AktualisierenResponse,
  BuchenResponse,
  GetResponse,
  StornierenResponse,
  type BookForm,
  type UpdateForm,
} from '@/lib/wire/meldeschein';
import { ListResponse, type ListFilter, type ListPage } from '@/lib/wire/meldeschein-list';
import { TokenResponse } from '@/lib/wire/token';
import {
  ApiError,
  isApiError,
  PortalForm,
  type ApiErrorKind,
  type CallMeta,
  type ConfigurationAnswer,
  type GuestCardPdf,
  type MeldescheinClient,
  type ServiceCredential,
} from './client';
import { USER_AGENT } from './version';

function kindOf(status: number): ApiErrorKind {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'invalid_request';
}

const BookResult = BuchenResponse.extend({ meldescheine: z.array(PortalForm) });
const UpdateResult = AktualisierenResponse.extend({
  response: z.object({ meldescheine: z.array(PortalForm).min(1) }),
});
const GetResult = GetResponse.extend({ response: z.array(PortalForm) });
const ListResult = ListResponse.extend({ response: z.array(PortalForm) });

const TIMEOUT_MS = 20_000;

/**
 * Signing in with this protocol: username or e-mail and password for a JWT at `token/`; the JWT is
 * the credential the session seals, valid until its `exp`.
 */
export async function signInWithToken(
  baseUrl: string,
  username: string,
  password: string,
  browserAddress?: string,
): Promise<ServiceCredential> {
  const token = await new HttpClient(baseUrl, null).token(username, password, browserAddress);
  return { credential: token, expiresAt: tokenExpiry(token) };
}

/** The `exp` claim of the service token, read without verifying (the service verifies it). */
export function tokenExpiry(token: string): number | null {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    );
    const exp = z.object({ exp: z.number() }).safeParse(payload);
    return exp.success ? exp.data.exp : null;
  } catch {
    return null;
  }
}

export class HttpClient implements MeldescheinClient {
  // Private so the token cannot be serialized into a client component by accident.
  readonly #token: string | null;

  constructor(
    readonly baseUrl: string,
    token: string | null,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.#token = token;
  }

  /**
   * `POST token/` (spec 4.1): username or e-mail and password for a JWT. `browserAddress` goes
   * along as X-Forwarded-For: the service counts failed sign-ins per client address and believes
   * the header from trusted proxies only (this portal on loopback is one by default).
   */
  async token(username: string, password: string, browserAddress?: string): Promise<string> {
    const headers: Record<string, string> = browserAddress
      ? { 'X-Forwarded-For': browserAddress }
      : {};
    const body = { username, password };
    const res = await this.call('POST', 'token/', body, TokenResponse, false, headers);
    return res.token;
  }

  /** `GET users/get_current_user/` (spec 4.6): landlords, objects, municipalities, fields. */
  currentUser(): Promise<CurrentUserResponse> {
    return this.call('GET', 'users/get_current_user/', undefined, CurrentUserResponse);
  }

  /**
   * `users/get_current_user/` unless it is still the answer with `etag`: this app's service sends
   * an ETag and answers `If-None-Match` with `304` (extension, docs/api.md); other systems answer
   * in full every time. The token is checked either way: a refused one throws `unauthenticated`.
   */
  async currentUserIfChanged(etag: string | undefined): Promise<ConfigurationAnswer> {
    const path = 'users/get_current_user/';
    const { res, json } = await this.send('GET', path, undefined, true, {
      ...(etag ? { 'If-None-Match': etag } : {}),
    });
    if (res.status === 304) {
      if (etag) return { changed: false };
      throw new ApiError('invalid_response', 304, 'invalid_response', `${path}: unexpected 304`);
    }
    const value = this.parse(res, json, path, CurrentUserResponse);
    return { changed: true, etag: res.headers.get('etag'), value };
  }

  /** `POST import/meldeschein/buchen/` (spec 4.2). */
  async book(meta: CallMeta, forms: BookForm[]): Promise<PortalForm[]> {
    const body = { meta, meldescheine: forms.map((f) => ({ ms_type: 'ems' as const, ...f })) };
    const res = await this.call('POST', 'import/meldeschein/buchen/', body, BookResult);
    return res.meldescheine;
  }

  /** `POST import/meldeschein/aktualisieren/` (spec 4.3): one form per call. */
  async update(meta: CallMeta, form: UpdateForm): Promise<PortalForm> {
    const body = { meta, meldescheine: [{ ms_type: 'ems' as const, ...form }] };
    const res = await this.call('POST', 'import/meldeschein/aktualisieren/', body, UpdateResult);
    return res.response.meldescheine[0]!;
  }

  /**
   * `POST import/meldeschein/get/` (spec 4.4). `protokoll` asks for the print log and guest
   * history, an extension of this app's service (docs/api.md); other systems leave it out.
   */
  async get(
    meta: CallMeta,
    ids: number[],
    opts: { protokoll?: boolean } = {},
  ): Promise<PortalForm[]> {
    const res = await this.call(
      'POST',
      `import/meldeschein/get/${opts.protokoll ? '?include=protokoll' : ''}`,
      { meta, meldescheine: ids },
      GetResult,
    );
    return res.response;
  }

  /**
   * `POST import/meldeschein/list/`: an extension of this app's service (docs/api.md); the real
   * municipal systems answer 404 (`not_found` kind), and the caller falls back to its own index.
   */
  async list(
    gemeinde: number,
    filter: ListFilter,
    paging: { limit: number; offset: number },
  ): Promise<{ forms: PortalForm[]; paging: ListPage }> {
    const body = { meta: { gemeinde }, filter, paging };
    const res = await this.call('POST', 'import/meldeschein/list/', body, ListResult);
    return { forms: res.response, paging: res.paging };
  }

  /** `POST import/meldeschein/stornieren/` (spec 4.7). */
  async cancel(meta: CallMeta, ids: number[]): Promise<number[]> {
    const body = { meta, meldescheine: ids };
    const res = await this.call('POST', 'import/meldeschein/stornieren/', body, StornierenResponse);
    return res.meldescheine;
  }

  /**
   * `POST import/meldeschein/get-pdf/` (spec 4.5). Every call counts as a print: store the result.
   * `karten` asks for the cards' data for wallet passes (an extension, docs/api.md); a system that
   * refuses the call with it (400) is asked again without it, and the portal offers the PDF only.
   */
  async guestCards(
    meta: CallMeta,
    ids: number[],
    opts: { karten?: boolean } = {},
  ): Promise<GuestCardPdf[]> {
    const body = { meta, meldescheine: ids };
    const path = 'import/meldeschein/get-pdf/';
    let res: GetPdfResponse;
    try {
      res = await this.call(
        'POST',
        `${path}${opts.karten ? '?include=karten' : ''}`,
        body,
        GetPdfResponse,
      );
    } catch (err) {
      // A system that does not know the parameter may refuse it in any shape; a 400 that has
      // another cause is refused again below, and a refused call prints nothing.
      const refusedInclude = opts.karten && isApiError(err, 'invalid_request');
      if (!refusedInclude) throw err;
      res = await this.call('POST', path, body, GetPdfResponse);
    }
    return res.response.map((r) => ({
      id: r.id,
      pdf: new Uint8Array(Buffer.from(r.pdf, 'base64')),
      ...(r.karten ? { karten: r.karten } : {}),
    }));
  }

  /** `POST kurkarte/check/`: the QR code's public check, an extension of this app's service. */
  checkCard(card: string): Promise<CardCheckResponse> {
    return this.call('POST', 'kurkarte/check/', { card }, CardCheckResponse, false);
  }

  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: S,
    auth = true,
    extraHeaders: Record<string, string> = {},
  ): Promise<z.infer<S>> {
    const { res, json } = await this.send(method, path, body, auth, extraHeaders);
    return this.parse(res, json, path, schema);
  }

  /** The request; its answer's status, headers and JSON (undefined when empty or not JSON). */
  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    auth: boolean,
    extraHeaders: Record<string, string>,
  ): Promise<{ res: Response; json: unknown }> {
    const headers: Record<string, string> = {
      ...extraHeaders,
      'User-Agent': USER_AGENT,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    if (auth) {
      if (!this.#token) throw new ApiError('unauthenticated', 401, 'not_authenticated', 'no token');
      headers.Authorization = `JWT ${this.#token}`;
    }
    let res: Response;
    try {
      res = await this.fetchImpl(new URL(path, this.baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      const reason = err instanceof Error ? err.name : 'network error';
      throw new ApiError('unavailable', 0, 'unreachable', `${path}: ${reason}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { res, json };
  }

  /** A 2xx answer checked against its schema; any other status as an ApiError. */
  private parse<S extends z.ZodType>(
    res: Response,
    json: unknown,
    path: string,
    schema: S,
  ): z.infer<S> {
    if (!res.ok) throw errorFrom(res, json, path);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      // Names only the failing paths: the body may hold personal data of guests.
      const where = parsed.error.issues.slice(0, 3).map((i) => i.path.join('.'));
      console.error(`portal api: unexpected response from ${path}:`, where.join(', '));
      throw new ApiError(
        'invalid_response',
        res.status,
        'invalid_response',
        `${path}: unexpected response`,
      );
    }
    return parsed.data;
  }
}

function errorFrom(res: Response, json: unknown, path: string): ApiError {
  const retry = Number(res.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  const envelope = ErrorBody.safeParse(json);
  if (envelope.success) {
    const { code, message, details, forms } = envelope.data.error;
    return new ApiError(kindOf(res.status), res.status, code, message, details, retryAfter, forms);
  }
  return new ApiError(
    kindOf(res.status),
    res.status,
    `http_${res.status}`,
    `${path}: HTTP ${res.status}`,
    [],
    retryAfter,
  );
}
