// SOAP 1.1 text to a namespace-resolved element tree and back. Read with saxes (a conformant,
// namespace-aware SAX parser: well-formedness, namespaces and the tree in one pass; a DOCTYPE is
// refused before parsing, so no entity is ever declared, expanded or fetched), written with
// fast-xml-parser's XMLBuilder, never by joining strings (decision 037).
import { XMLBuilder } from 'fast-xml-parser';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { BuilderNode } from './schema';

export const AVS_NS = 'http://www.avs.meldeschein.de/ns/';
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';

/** An element with its namespace resolved; `text` is its own trimmed character content. */
export interface XNode {
  ns: string | null;
  name: string;
  /** By qualified name as written (`xmlns:ms`, `S:mustUnderstand`). */
  attrs: Readonly<Record<string, string>>;
  children: XNode[];
  text: string;
}

/** Why a text is no usable XML; answered as a SOAP fault by the caller. */
export class XmlRefused extends Error {}

const NO_ATTRS: Readonly<Record<string, string>> = Object.freeze({});

function attrsOf(tag: SaxesTagNS): Readonly<Record<string, string>> {
  let out: Record<string, string> | null = null;
  for (const name in tag.attributes) (out ??= {})[name] = tag.attributes[name]!.value;
  return out ?? NO_ATTRS;
}

/** An element tree from saxes' events; one parser, reused (making one cost more than reading). */
class TreeReader {
  private readonly parser = new SaxesParser({ xmlns: true });
  private open: XNode[] = [];
  private root: XNode | null = null;
  // The character content of the open element, and that of the elements around it.
  private chars = '';
  private outer: string[] = [];

  constructor() {
    const addChars = (t: string) => {
      this.chars += t;
    };
    this.parser.on('text', addChars);
    this.parser.on('cdata', addChars);
    this.parser.on('opentag', (tag) => {
      const node: XNode = {
        ns: tag.uri === '' ? null : tag.uri,
        name: tag.local,
        attrs: attrsOf(tag),
        children: [],
        text: '',
      };
      const parent = this.open[this.open.length - 1];
      if (parent) parent.children.push(node);
      else this.root = node;
      this.open.push(node);
      this.outer.push(this.chars);
      this.chars = '';
    });
    this.parser.on('closetag', () => {
      this.open.pop()!.text = this.chars.trim();
      this.chars = this.outer.pop()!;
    });
  }

  /** The document element; throws saxes' error for XML that is not well-formed. */
  read(text: string): XNode | null {
    this.open = [];
    this.outer = [];
    this.root = null;
    this.chars = '';
    this.parser.write(text).close();
    const root = this.root;
    this.root = null;
    return root;
  }
}

let reader: TreeReader | null = null;

/**
 * The document element of an XML text; DOCTYPE, entity declarations and XML that is not
 * well-formed (or namespace-well-formed: an undeclared prefix) refused. One pass: a second,
 * validating parse before the reading one cost as much as the reading (docs/performance.md).
 */
export function parseDocument(text: string): XNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new XmlRefused('XML with a DOCTYPE or entity declarations is refused.');
  }
  let root: XNode | null;
  try {
    root = (reader ??= new TreeReader()).read(text);
  } catch (err) {
    // A parser stopped mid-document is not used again.
    reader = null;
    throw new XmlRefused(`The XML is not well-formed (at ${(err as Error).message}).`);
  }
  if (!root) throw new XmlRefused('An XML document has exactly one root element.');
  return root;
}

const ESCAPED: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Markup characters in a text or attribute value as references (what processEntities does). */
function escaped(_name: string, value: unknown): string {
  const text = String(value);
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPED[c]!) : text;
}

// Every text and attribute value passes the builder's value processors, which escape it: one test
// per value instead of processEntities' five replacements (half the builder's time, measured).
// `jPath: false` (an option of the builder's code, missing from its types) spares it making the
// path of every element as a string, which only callbacks that take a path read.
const builderOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: false,
  format: false,
  processEntities: false,
  tagValueProcessor: escaped,
  attributeValueProcessor: escaped,
  jPath: false,
};
const builder = new XMLBuilder(builderOptions);

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
