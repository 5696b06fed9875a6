// SOAP 1.1 text to a namespace-resolved element tree and back, with fast-xml-parser (entities and
// DTDs off: a DOCTYPE is refused before parsing, so no entity is ever declared, expanded or
// fetched). Built with its XMLBuilder, never by joining strings.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import type { BuilderNode } from './schema';

export const AVS_NS = 'http://www.avs.meldeschein.de/ns/';
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';

/** An element with its namespace resolved; `text` is its own trimmed character content. */
export interface XNode {
  ns: string | null;
  name: string;
  attrs: Readonly<Record<string, string>>;
  children: XNode[];
  text: string;
}

/** Why a text is no usable XML; answered as a SOAP fault by the caller. */
export class XmlRefused extends Error {}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Parsed = Record<string, unknown> & { ':@'?: Record<string, string> };

function resolve(item: Parsed, scope: ReadonlyMap<string, string>): XNode | null {
  let tag: string | undefined;
  for (const k in item) {
    if (k !== ':@') {
      tag = k;
      break;
    }
  }
  if (tag === undefined || tag === '#text') return null;
  const attrs = item[':@'] ?? NO_ATTRS;
  let inner = scope;
  for (const name in attrs) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (inner === scope) inner = new Map(scope);
      (inner as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), attrs[name]!);
    }
  }
  const colon = tag.indexOf(':');
  const prefix = colon < 0 ? '' : tag.slice(0, colon);
  const ns = inner.get(prefix);
  if (prefix !== '' && ns === undefined)
    throw new XmlRefused(`The prefix ${prefix} is not declared.`);
  const children: XNode[] = [];
  let text = '';
  for (const child of item[tag] as Parsed[]) {
    const t = child['#text'];
    if (t !== undefined) text += String(t);
    else {
      const resolved = resolve(child, inner);
      if (resolved) children.push(resolved);
    }
  }
  return {
    ns: ns === undefined || ns === '' ? null : ns,
    name: colon < 0 ? tag : tag.slice(colon + 1),
    attrs,
    children,
    text,
  };
}

const NO_ATTRS: Readonly<Record<string, string>> = Object.freeze({});

/** The document element of an XML text; DOCTYPE, entity declarations and broken XML refused. */
export function parseDocument(text: string): XNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new XmlRefused('XML with a DOCTYPE or entity declarations is refused.');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new XmlRefused(`The XML is not well-formed (line ${valid.err.line}: ${valid.err.msg}).`);
  }
  let items: Parsed[];
  try {
    items = parser.parse(text) as Parsed[];
  } catch (err) {
    throw new XmlRefused(`The XML cannot be read (${(err as Error).message}).`);
  }
  const roots = items.map((i) => resolve(i, new Map())).filter((n): n is XNode => n !== null);
  if (roots.length !== 1) throw new XmlRefused('An XML document has exactly one root element.');
  return roots[0]!;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: false,
  format: false,
  processEntities: true,
});

/** The prefix our answers give the AVS namespace (declared on the payload element itself). */
export const MS = 'ms';

/** A SOAP 1.1 envelope around one payload element `ms:<name>` with the given content. */
export function envelope(name: string, content: BuilderNode | string): string {
  const payload: BuilderNode =
    typeof content === 'string'
      ? { '#text': content, [`@_xmlns:${MS}`]: AVS_NS }
      : { ...content, [`@_xmlns:${MS}`]: AVS_NS };
  return soapEnvelope({ [`${MS}:${name}`]: payload });
}

/** A SOAP 1.1 envelope around body entries (XMLBuilder's object form). */
export function soapEnvelope(body: BuilderNode): string {
  const doc = { 'S:Envelope': { 'S:Body': body, '@_xmlns:S': SOAP_NS } };
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build(doc) as string}`;
}
