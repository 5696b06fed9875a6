// A SOAP 1.1 request to its operation and payload, and answers and faults to text. The checks of
// the envelope (well-formed, SOAP 1.1, one body element of the AVS namespace, an operation of the
// interface, a SOAPAction that names the same one, no header the service must understand) answer
// with a fault; what is wrong inside a known payload is the operation's to answer.
import type { Fehler } from './codes';
import {
  GenericResponse,
  operationOfAction,
  operationOfElement,
  OPERATIONS,
  type OperationName,
} from './messages';
import { readNode, writeChildren, type ReadProblem, type ValueOf } from './schema';
import {
  AVS_NS,
  envelope,
  parseDocument,
  SOAP12_NS,
  SOAP_NS,
  soapEnvelope,
  XmlRefused,
  type XNode,
} from './xml';

export type FaultCode = 'VersionMismatch' | 'MustUnderstand' | 'Client' | 'Server';

/** A request the envelope checks refuse: answered as a SOAP fault with this code and text. */
export class SoapFault extends Error {
  constructor(
    readonly faultcode: FaultCode,
    message: string,
  ) {
    super(message);
  }
}

export interface SoapRequest {
  operation: OperationName;
  payload: XNode;
}

const isTrue = (v: string | undefined) => v === '1' || v === 'true';

/**
 * The operation and payload of a SOAP 1.1 request. `soapAction` is the header's value (null when
 * absent): empty or absent, the body element alone names the operation, as document/literal
 * allows and AVS's own clients rely on.
 */
export function readSoapRequest(text: string, soapAction: string | null): SoapRequest {
  let root: XNode;
  try {
    root = parseDocument(text);
  } catch (err) {
    if (err instanceof XmlRefused) throw new SoapFault('Client', err.message);
    throw err;
  }
  if (root.name === 'Envelope' && root.ns === SOAP12_NS) {
    throw new SoapFault('VersionMismatch', 'Only SOAP 1.1 envelopes are served here.');
  }
  if (root.name !== 'Envelope' || root.ns !== SOAP_NS) {
    throw new SoapFault('Client', 'The request is not a SOAP 1.1 envelope.');
  }
  const [first, second, ...rest] = root.children;
  const header = first?.name === 'Header' && first.ns === SOAP_NS ? first : null;
  const body = header ? second : first;
  if (
    !body ||
    body.name !== 'Body' ||
    body.ns !== SOAP_NS ||
    (header ? rest : [second, ...rest]).some(Boolean)
  ) {
    throw new SoapFault('Client', 'The envelope must hold an optional Header and one Body.');
  }
  for (const block of header?.children ?? []) {
    const mu = Object.entries(block.attrs).find(
      ([k]) => k === 'mustUnderstand' || k.endsWith(':mustUnderstand'),
    );
    if (isTrue(mu?.[1])) {
      throw new SoapFault('MustUnderstand', `The header ${block.name} is not understood here.`);
    }
  }
  if (body.children.length !== 1) {
    throw new SoapFault('Client', 'The Body must hold exactly one element.');
  }
  const payload = body.children[0]!;
  if (payload.ns !== AVS_NS) {
    throw new SoapFault('Client', `The element ${payload.name} is not in the namespace ${AVS_NS}.`);
  }
  const operation = operationOfElement(payload.name);
  if (!operation) throw new SoapFault('Client', `No operation takes the element ${payload.name}.`);
  const action = soapAction?.trim().replace(/^"(.*)"$/, '$1') ?? '';
  if (action !== '') {
    const named = operationOfAction(action);
    if (!named) throw new SoapFault('Client', `The SOAPAction ${action} names no operation.`);
    if (named !== operation) {
      throw new SoapFault('Client', `The SOAPAction names ${named}, the body ${operation}.`);
    }
  }
  return { operation, payload };
}

type RequestOf<O extends OperationName> = ValueOf<(typeof OPERATIONS)[O]['request']['spec']>;
type ResponseOf<O extends OperationName> = ValueOf<(typeof OPERATIONS)[O]['response']['spec']>;

/** The payload of an operation read by its description; what is wrong in it, collected. */
export function readPayload<O extends OperationName>(
  operation: O,
  payload: XNode,
): { value: RequestOf<O> | undefined; problems: ReadProblem[] } {
  const problems: ReadProblem[] = [];
  const spec = OPERATIONS[operation].request.spec;
  const value = readNode(payload, spec, payload.name, problems) as RequestOf<O> | undefined;
  return { value, problems };
}

/** An operation's request as a SOAP envelope (for clients: the portal's, tests, the bench). */
export function writeRequest<O extends OperationName>(operation: O, value: RequestOf<O>): string {
  const { element, spec } = OPERATIONS[operation].request;
  return envelope(element, writeChildren(spec, value, 'ms'));
}

/** An operation's answer as a SOAP envelope. */
export function writeResponse<O extends OperationName>(operation: O, value: ResponseOf<O>): string {
  const { element, spec } = OPERATIONS[operation].response;
  return envelope(element, writeChildren(spec, value, 'ms'));
}

/** `generic-response`: refusals for which no operation's own answer can be made. */
export function writeGenericResponse(fehler: Fehler[]): string {
  return envelope(
    'generic-response',
    writeChildren(GenericResponse, { fehlermeldungen: { fehler } }, 'ms'),
  );
}

/** A SOAP 1.1 fault (faultcode in the envelope's namespace). */
export function writeFault(code: FaultCode, text: string): string {
  return soapEnvelope({ 'S:Fault': { faultcode: `S:${code}`, faultstring: text } });
}

/** A SOAP 1.1 fault read from an answer (for clients and tests); null when the body has none. */
export function readFault(text: string): { faultcode: string; faultstring: string } | null {
  const root = parseDocument(text);
  const body = root.children.find((c) => c.name === 'Body' && c.ns === SOAP_NS);
  const fault = body?.children.find((c) => c.name === 'Fault' && c.ns === SOAP_NS);
  if (!fault) return null;
  const textOf = (name: string) => fault.children.find((c) => c.name === name)?.text ?? '';
  return { faultcode: textOf('faultcode'), faultstring: textOf('faultstring') };
}

export type SoapAnswer<O extends OperationName> =
  | { kind: 'answer'; value: ResponseOf<O>; problems: ReadProblem[] }
  | { kind: 'refused'; fehler: Fehler[] }
  | { kind: 'fault'; faultcode: string; faultstring: string };

/**
 * An answer to `operation` read as a client reads it: the operation's own element, a
 * `generic-response` with its refusals, or a fault. Anything else throws.
 */
export function readSoapAnswer<O extends OperationName>(operation: O, text: string): SoapAnswer<O> {
  const fault = readFault(text);
  if (fault) return { kind: 'fault', ...fault };
  const root = parseDocument(text);
  const body = root.children.find((c) => c.name === 'Body' && c.ns === SOAP_NS);
  const payload = body?.children[0];
  const problems: ReadProblem[] = [];
  const { element, spec } = OPERATIONS[operation].response;
  if (payload?.ns === AVS_NS && payload.name === 'generic-response') {
    const generic = readNode(payload, GenericResponse, payload.name, problems);
    return { kind: 'refused', fehler: generic?.fehlermeldungen.fehler ?? [] };
  }
  if (payload?.ns !== AVS_NS || payload.name !== element) {
    throw new Error(`The answer holds no ${element} element.`);
  }
  const value = readNode(payload, spec, payload.name, problems) as ResponseOf<O> | undefined;
  if (!value) throw new Error(`The ${element} element cannot be read.`);
  return { kind: 'answer', value, problems };
}
