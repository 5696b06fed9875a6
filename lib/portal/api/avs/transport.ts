// One call of AVS's Meldeschein web service (SOAP 1.1, document/literal, HTTP Basic): the request
// written and the answer read with the shared wire (lib/wire/avs: fast-xml-parser, never joined
// strings), and every failure as the portal's ApiError with docs/api.md's codes where the meaning
// is the same. The credential is the Basic pair (`user:password`, base64) the session sealed.
import {
  isSuccess,
  OPERATIONS,
  readSoapAnswer,
  writeRequest,
  type Fehler,
  type Identifikation,
  type OperationName,
  type ValueOf,
} from '@/lib/wire/avs';
import type { ErrorDetail } from '@/lib/wire/errors';
import { berlinToday } from '@/lib/wire/time';
import { ApiError, type ApiErrorKind } from '../client';
import { USER_AGENT } from '../version';
import { deepFreeze } from '@/lib/deep-freeze';

const TIMEOUT_MS = 20_000;

export type RequestOf<O extends OperationName> = ValueOf<(typeof OPERATIONS)[O]['request']['spec']>;
export type ResponseOf<O extends OperationName> = ValueOf<
  (typeof OPERATIONS)[O]['response']['spec']
>;

/** The sealed credential: the Basic pair as the header carries it. */
export function basicCredential(username: string, password: string): string {
  return Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
}

/** The user name of a sealed credential (the `schnittstelle` of every request). */
export function loginOf(credential: string): string {
  const pair = Buffer.from(credential, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon < 0 ? pair : pair.slice(0, colon);
}

/** The identification block every request opens with; `gemeinde` null: the object decides. */
export function identifikation(
  login: string,
  verarbeitung: string,
  gemeinde: number | null = null,
): Identifikation {
  return {
    erzeugung: berlinToday(),
    schnittstelle: login,
    kurverwaltung: String(gemeinde ?? 0),
    verarbeitung,
    version: '7.6',
  };
}

/**
 * AVS's codes as the portal's: the kind and docs/api.md's code of the same meaning (the portal
 * words it, lib/portal/api/errors.ts); every other refusal of the request is `validation_error`.
 */
const BY_CODE: Record<string, [ApiErrorKind, string, number]> = {
  '10000': ['unavailable', 'internal_error', 500],
  '10009': ['forbidden', 'meta_forbidden', 403],
  '10019': ['forbidden', 'meta_forbidden', 403],
  '10101': ['forbidden', 'meta_forbidden', 403],
  '11900': ['forbidden', 'meta_forbidden', 403],
  '10104': ['conflict', 'duplicate_request', 409],
  '10106': ['not_found', 'not_found', 404],
  '10107': ['conflict', 'form_not_changeable', 409],
  '10110': ['conflict', 'not_printable', 409],
};

/** The detail code of a refusal that concerns a field (worded by guest-form/error-details.ts). */
const DETAIL_CODE: Record<string, string> = {
  '10100': 'departure_not_after_arrival',
  '10102': 'companion_outside_stay',
  '10115': 'tariff_unknown',
  '10119': 'invalid_date',
  '10120': 'too_long',
  '10128': 'unknown_field',
  '10129': 'invalid_email',
};

/**
 * Where a refusal points, in the booking request's shape: AVS's `bezug` names the field path of
 * the service's check (`… - meldescheine[0].personen[1].Gast_Name`) where there is one; `guestAt`
 * maps the position of a traveller in the AVS form to the portal's guest.
 */
function detailOf(f: Fehler, formIndex: number, guestAt: (i: number) => number): ErrorDetail {
  const path = /personen\[(\d+)\](\.[A-Za-z0-9_]+)?/.exec(f.bezug ?? '');
  const where = path
    ? `meldescheine[${formIndex}].personen[${guestAt(Number(path[1]))}]${path[2] ?? ''}`
    : `meldescheine[${formIndex}]`;
  return {
    path: where,
    code: DETAIL_CODE[f.code] ?? 'invalid_value',
    message: `${f.code} ${f.beschreibung}${f.bezug ? ` (${f.bezug})` : ''}`,
  };
}

/** How a refusal is read back onto the portal's request (book and update). */
export interface RefusalContext {
  formIndex: number;
  guestAt: (avsIndex: number) => number;
}

export function refusalError(fehler: readonly Fehler[], ctx?: RefusalContext): ApiError {
  const refusals = fehler.filter((f) => f.code !== '10001');
  const first = refusals[0] ?? { code: '10000', beschreibung: 'keine Fehlermeldung' };
  const [kind, code, status] = BY_CODE[first.code] ?? ['invalid_request', 'validation_error', 400];
  const details =
    code === 'validation_error'
      ? refusals.map((f) => detailOf(f, ctx?.formIndex ?? 0, ctx?.guestAt ?? ((i) => i)))
      : [];
  return new ApiError(kind, status, code, `${first.code} ${first.beschreibung}`, details);
}

const kindOfStatus = (status: number): ApiErrorKind =>
  status === 401
    ? 'unauthenticated'
    : status === 429
      ? 'rate_limited'
      : status === 403
        ? 'forbidden'
        : status >= 500
          ? 'unavailable'
          : 'invalid_request';

export interface SoapCallOptions {
  headers?: Record<string, string>;
  refusal?: RefusalContext;
  fetchImpl?: typeof fetch;
  /**
   * The request and answer are mostly the same text each time (the configuration lists: a kept
   * page's credential check asks one on every answer): a request of the same value as one written
   * lately is not written again, and an answer of the same text as one read lately is not parsed
   * again (decision 038); the answer is read-only to the caller, its value frozen.
   */
  sameTextSameValue?: boolean;
}

/** Answers read lately by their exact text (SoapCallOptions.sameTextSameValue), at most this many. */
const READ_ANSWERS_MAX = 200;
/** Longer answers are parsed each time (a list of many objects is read every few minutes only). */
const READ_ANSWER_MAX_CHARS = 16_384;
const readAnswers = new Map<string, unknown>();

/** Requests written lately by their value (SoapCallOptions.sameTextSameValue), at most this many. */
const WRITTEN_MAX = 200;
const written = new Map<string, string>();

/** The request of a list, written once for the same value (the same list, day and account). */
function writtenLately<O extends OperationName>(operation: O, value: RequestOf<O>): string {
  const key = `${operation}\n${JSON.stringify(value)}`;
  let body = written.get(key);
  if (body === undefined) {
    body = writeRequest(operation, value);
    written.set(key, body);
    if (written.size > WRITTEN_MAX) written.delete(written.keys().next().value!);
  }
  return body;
}

/**
 * One operation at `url` with the sealed credential: its answer when `fehlermeldungen` say
 * success (10001), else an ApiError. A fault or another HTTP status is an ApiError of its status.
 */
export async function soapCall<O extends OperationName>(
  url: string,
  credential: string,
  operation: O,
  value: RequestOf<O>,
  o: SoapCallOptions = {},
): Promise<ResponseOf<O>> {
  const body = o.sameTextSameValue
    ? writtenLately(operation, value)
    : writeRequest(operation, value);
  let res: Response;
  try {
    res = await (o.fetchImpl ?? fetch)(url, {
      method: 'POST',
      headers: {
        ...o.headers,
        'User-Agent': USER_AGENT,
        'Content-Type': 'text/xml; charset=utf-8',
        SOAPAction: `"${OPERATIONS[operation].action}"`,
        Authorization: `Basic ${credential}`,
      },
      body,
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const reason = err instanceof Error ? err.name : 'network error';
    throw new ApiError('unavailable', 0, 'unreachable', `${operation}: ${reason}`);
  }
  const text = await res.text();
  const retry = Number(res.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  if (res.status !== 200) {
    const kind = kindOfStatus(res.status);
    const code = kind === 'unauthenticated' ? 'not_authenticated' : `http_${res.status}`;
    throw new ApiError(
      kind,
      res.status,
      kind === 'rate_limited' ? 'rate_limited' : code,
      `${operation}: HTTP ${res.status}`,
      [],
      retryAfter,
    );
  }
  const memo = o.sameTextSameValue && text.length <= READ_ANSWER_MAX_CHARS;
  const memoKey = `${operation}\n${text}`;
  if (memo && readAnswers.has(memoKey)) return readAnswers.get(memoKey) as ResponseOf<O>;
  let answer: ReturnType<typeof readSoapAnswer<O>>;
  try {
    answer = readSoapAnswer(operation, text);
  } catch {
    throw new ApiError('invalid_response', 200, 'invalid_response', `${operation}: no answer`);
  }
  if (answer.kind === 'fault') {
    throw new ApiError('unavailable', 200, 'soap_fault', `${operation}: ${answer.faultstring}`);
  }
  if (answer.kind === 'refused') throw refusalError(answer.fehler, o.refusal);
  // A refusal echoes the request as it came (a too long name too): its codes count first.
  const fehler = (answer.value as { fehlermeldungen?: { fehler: Fehler[] } }).fehlermeldungen;
  if (!isSuccess(fehler?.fehler ?? [])) throw refusalError(fehler?.fehler ?? [], o.refusal);
  if (answer.problems.length) {
    // Names only where: the answer may hold guests' data.
    const where = answer.problems.slice(0, 3).map((p) => p.path);
    console.error(`portal avs: unexpected answer to ${operation}:`, where.join(', '));
    throw new ApiError('invalid_response', 200, 'invalid_response', `${operation}: unexpected`);
  }
  if (memo) {
    readAnswers.set(memoKey, deepFreeze(answer.value));
    if (readAnswers.size > READ_ANSWERS_MAX) readAnswers.delete(readAnswers.keys().next().value!);
  }
  return answer.value;
}
