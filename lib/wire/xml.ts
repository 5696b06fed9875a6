// XML on the wire (spec 1.1 rule 6, DECISIONS 2.2): `<root>` document, arrays as `<list-item>`,
// null as an empty element. Requests are converted with the request's JSON Schema in hand, so a
// one-item list stays a list and numbers become numbers: an XML request that means the same as a
// JSON request gets the same result.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { ServiceError } from './errors';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
};

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === 'list-item',
});

const builder = new XMLBuilder({
  ignoreAttributes: true,
  suppressEmptyNode: false,
  format: false,
  processEntities: true,
});

/** Parse an XML request body into a value shaped by `schema`. */
export function parseXml(text: string, schema: JsonSchema | undefined): unknown {
  // No DTDs: they are how entity-expansion and external-entity attacks get in.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new ServiceError(
      'malformed_body',
      'XML with a DOCTYPE or entity declarations is refused.',
    );
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new ServiceError(
      'malformed_body',
      `The XML body is not well-formed (line ${valid.err.line}: ${valid.err.msg}).`,
    );
  }
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text) as Record<string, unknown>;
  } catch (err) {
    // The parser refuses some well-formed documents (e.g. an element named __proto__).
    throw new ServiceError(
      'malformed_body',
      `The XML body cannot be read (${(err as Error).message}).`,
    );
  }
  const keys = Object.keys(doc);
  if (keys.length !== 1 || keys[0] !== 'root') {
    throw new ServiceError('malformed_body', 'An XML body must be one <root> element.');
  }
  return coerce(doc.root, schema);
}

function types(schema: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  if (!schema) return out;
  if (typeof schema.type === 'string') out.add(schema.type);
  else if (Array.isArray(schema.type)) schema.type.forEach((t) => out.add(t));
  if (schema.const === null) out.add('null');
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    types(sub).forEach((t) => out.add(t));
  }
  return out;
}

/** The first branch of a union that describes objects/arrays, for descending into children. */
function branch(schema: JsonSchema | undefined, type: 'object' | 'array'): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type)))
    return schema;
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = branch(sub, type);
    if (found) return found;
  }
  return undefined;
}

function coerce(value: unknown, schema: JsonSchema | undefined): unknown {
  const t = types(schema);
  if (value === '' || value === undefined) {
    if (t.has('array')) return [];
    if (t.has('null')) return null;
    if (t.has('object')) return {};
    if (t.has('string') || t.size === 0) return '';
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const arraySchema = branch(schema, 'array');
    if (arraySchema || (!schema && 'list-item' in obj)) {
      const items = (obj['list-item'] as unknown[] | undefined) ?? [];
      return items.map((item) => coerce(item, arraySchema?.items));
    }
    const objSchema = branch(schema, 'object');
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) {
      const extra = objSchema?.additionalProperties;
      const child = objSchema?.properties?.[k] ?? (typeof extra === 'object' ? extra : undefined);
      const coerced = coerce(v, child);
      if (coerced !== undefined) out[k] = coerced;
    }
    return out;
  }
  if (typeof value === 'string') {
    if (
      (t.has('integer') || t.has('number')) &&
      !t.has('string') &&
      /^-?\d+(\.\d+)?$/.test(value)
    ) {
      return Number(value);
    }
    if (t.has('boolean') && !t.has('string') && (value === 'true' || value === 'false')) {
      return value === 'true';
    }
  }
  return value;
}

function toXmlTree(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return { 'list-item': value.map(toXmlTree) };
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = toXmlTree(v);
    return out;
  }
  return value;
}

/** Serialize a response body as `<?xml …?><root>…</root>`. */
export function toXml(value: unknown): string {
  const tree = toXmlTree(value);
  // An empty list must stay distinguishable from a one-item list: `<x></x>` vs `<x><list-item>`.
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ root: tree }) as string}`;
}
