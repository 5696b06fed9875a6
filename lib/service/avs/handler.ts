// The AVS Meldeschein web service face (docs/avs.md): SOAP 1.1 document/literal at
// /avs/JMeldescheinWebservices on the same forms, accounts and rules as /api/. The checks run in
// this order, and the first failure answers: path and method (404, 405), Content-Type (415), size
// (413), HTTP Basic sign-in (401, 429, 503: the budgets of `token/`), the envelope (SOAP fault),
// the payload (fehler 10002/10003/10119/10120), the identification block (11500, 11501, 11900),
// then the operation and the domain's own refusals (fehler with AVS's codes).
import type { Db } from '../../db';
import { describeError } from '../../log';
import {
  fehler,
  readPayload,
  readSoapRequest,
  SoapFault,
  writeFault,
  type FaultCode,
  type Fehler,
  type OperationName,
  type ReadProblem,
} from '../../wire/avs';
import { ServiceError } from '../../wire/errors';
import { deepFreeze } from '../../deep-freeze';
import { clientAddress } from '../../client-address';
import { basicAuthUser, basicCredentials } from '../accounts/basic';
import type { ServiceRequest } from '../context';
import type { RequestInfo } from '../pipeline';
import { MAX_BODY_BYTES } from '../pipeline';
import { Reply } from '../respond';
import { AVS_ENDPOINT, AVS_PREFIX, schemaText, wsdlText } from './files';
import { checkIdentifikation } from './identify';
import { answerOperation, refusedAnswer, type AnyCall } from './operations';
import type { RequestOf } from './call';
import { AvsRefusal } from './refusal';

const XML_HEADERS = {
  'cache-control': 'no-store',
  'content-type': 'text/xml; charset=utf-8',
  'x-content-type-options': 'nosniff',
};

const xml = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Reply(status, { ...XML_HEADERS, ...extra }, text);

/**
 * A fault. Faults for requests that are not a usable AVS call go out with 400: SOAP 1.1 names 500
 * for every fault, but 500 stays our own failure (faultcode Server), so a client and its operator
 * can tell the two apart; clients of AVS read the fault at any status (docs/avs.md).
 */
const fault = (status: number, code: FaultCode, text: string, extra: Record<string, string> = {}) =>
  xml(status, writeFault(code, text), extra);

const HTTP_OF: Record<string, number> = {
  not_authenticated: 401,
  rate_limited: 429,
  service_busy: 503,
};

export interface AvsOptions {
  db: () => Promise<Db>;
}

export interface AvsHandler {
  reply(request: ServiceRequest, info?: RequestInfo): Promise<Reply>;
}

export function createAvsHandler(options: AvsOptions): AvsHandler {
  return {
    async reply(request, info = {}) {
      try {
        return await answer(options, request, info);
      } catch (err) {
        if (err instanceof SoapFault) return fault(400, err.faultcode, err.message);
        // Never the error itself: its message can hold the guests' data.
        console.error('avs: unexpected error', describeError(err));
        return fault(500, 'Server', 'Unerwarteter technischer Fehler; nichts wurde geändert.');
      }
    },
  };
}

async function answer(options: AvsOptions, request: ServiceRequest, info: RequestInfo) {
  const url = new URL(request.url);
  const method = request.method;
  if (method === 'GET' || method === 'HEAD') return documents(url);
  if (url.pathname !== AVS_ENDPOINT) return notFound();
  if (method !== 'POST') {
    return fault(405, 'Client', `${method} wird hier nicht angeboten; POST.`, {
      allow: 'GET, POST',
    });
  }
  const type = (request.headers.get('content-type') ?? '').toLowerCase().split(';');
  const charset = type
    .slice(1)
    .find((p) => p.trim().startsWith('charset='))
    ?.split('=')[1]
    ?.trim();
  if (
    !['text/xml', 'application/xml'].includes(type[0]!.trim()) ||
    (charset && !/^"?utf-?8"?$/.test(charset))
  ) {
    return fault(415, 'Client', 'Content-Type muss text/xml; charset=utf-8 sein (SOAP 1.1).');
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return tooLarge();
  const db = await options.db();
  const address = clientAddress(info.clientAddress, request.headers.get('x-forwarded-for'));
  const now = new Date();
  let caller;
  try {
    const credentials = basicCredentials(request.headers.get('authorization'));
    caller = { user: await basicAuthUser(db, credentials, address, now), login: credentials.login };
  } catch (err) {
    if (err instanceof ServiceError && err.code in HTTP_OF) {
      const status = HTTP_OF[err.code]!;
      const extra: Record<string, string> = { ...err.headers };
      if (status === 401)
        extra['www-authenticate'] = 'Basic realm="Meldeportal AVS", charset="UTF-8"';
      return fault(status, 'Client', err.message, extra);
    }
    throw err;
  }
  const body = await readBody(request);
  if (body === null) return tooLarge();
  const { operation, value, problems } = readCall(body, request.headers.get('soapaction'));
  if (!value || problems.length) {
    const list: Fehler[] = problems.map((p) => fehler(p.code, p.path, p.element));
    return xml(200, refusedAnswer(operation, value, list.length ? list : [fehler('10003')]));
  }
  try {
    const gemeinde = checkIdentifikation(operation, value.identifikation, caller);
    // `value` is `operation`'s request, read by its description (readPayload): TypeScript cannot
    // follow that correlation through the union of operations.
    const call = { db, caller, gemeinde, now, operation, value } as AnyCall;
    return xml(200, await answerOperation(call));
  } catch (err) {
    if (err instanceof AvsRefusal) return xml(200, refusedAnswer(operation, value, err.fehler));
    throw err;
  }
}

interface ReadCall {
  operation: OperationName;
  value: RequestOf<OperationName> | undefined;
  problems: ReadProblem[];
}

/**
 * Configuration-list requests read lately, by their exact SOAPAction and text: a client asks the
 * same list with the same text again and again (the portal checks its credential with the
 * salutations on every page, decision 038), and reading is a pure function of the text. The value
 * is frozen, shared by every request of that text. At most this many, each at most this long.
 */
const READ_CALLS_MAX = 256;
const READ_CALL_MAX_CHARS = 2048;
const readCalls = new Map<string, ReadCall>();

/** The operation and payload of a request; a request that is no SOAP call throws SoapFault. */
function readCall(body: string, soapAction: string | null): ReadCall {
  const key = body.length <= READ_CALL_MAX_CHARS ? `${soapAction ?? ''}\n${body}` : null;
  const hit = key === null ? undefined : readCalls.get(key);
  if (hit) return hit;
  const { operation, payload } = readSoapRequest(body, soapAction);
  const read: ReadCall = { operation, ...readPayload(operation, payload) };
  if (key !== null && operation === 'getKonfigurationsListe') {
    readCalls.set(key, deepFreeze(read));
    if (readCalls.size > READ_CALLS_MAX) readCalls.delete(readCalls.keys().next().value!);
  }
  return read;
}

function documents(url: URL): Reply {
  if (url.pathname === AVS_ENDPOINT && url.searchParams.has('wsdl')) return xml(200, wsdlText());
  const name = url.pathname.startsWith(AVS_PREFIX) ? url.pathname.slice(AVS_PREFIX.length) : '';
  const schema = schemaText(name);
  return schema === null ? notFound() : xml(200, schema);
}

const notFound = () =>
  new Reply(
    404,
    { 'content-type': 'text/plain; charset=utf-8' },
    `Nicht gefunden. Der Dienst: ${AVS_ENDPOINT} (WSDL: ?wsdl)`,
  );

const tooLarge = () => fault(413, 'Client', `Die Anfrage ist größer als ${MAX_BODY_BYTES} Bytes.`);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body, or null beyond the limit; not UTF-8 is a client fault. */
async function readBody(request: ServiceRequest): Promise<string | null> {
  let bytes: Uint8Array | null;
  try {
    if (request.readBytes) bytes = await request.readBytes(MAX_BODY_BYTES);
    else {
      const buf = new Uint8Array(await new Response(request.body ?? null).arrayBuffer());
      bytes = buf.byteLength > MAX_BODY_BYTES ? null : buf;
    }
  } catch {
    throw new SoapFault('Client', 'Die Anfrage endete vor ihrem Ende.');
  }
  if (bytes === null) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    throw new SoapFault('Client', 'Die Anfrage ist kein gültiges UTF-8.');
  }
}
