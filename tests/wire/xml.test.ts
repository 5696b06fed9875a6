// XML conversion is guided by the request's JSON Schema, so XML and JSON mean the same.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ServiceError } from '@/lib/wire/errors';
import { jsonSchemaOf } from '@/lib/wire/requests';
import { parseXml, toXml } from '@/lib/wire/xml';

const Schema = z.object({
  meta: z.object({ gemeinde: z.int(), idempotent: z.boolean().optional() }),
  ids: z.array(z.int()),
  items: z.array(z.object({ name: z.string(), note: z.string().nullable() }).loose()),
});

describe('parseXml', () => {
  it('keeps a one-item list a list and makes numbers and booleans typed', () => {
    const xml =
      '<root><meta><gemeinde>7</gemeinde><idempotent>true</idempotent></meta><ids><list-item>42</list-item></ids>' +
      '<items><list-item><name>0815</name><note/><Gast_Extra>12</Gast_Extra></list-item></items></root>';
    const value = parseXml(xml, jsonSchemaOf(Schema));
    expect(Schema.parse(value)).toEqual({
      meta: { gemeinde: 7, idempotent: true },
      ids: [42],
      // A string field stays a string even when it looks like a number; extra fields stay strings.
      items: [{ name: '0815', note: null, Gast_Extra: '12' }],
    });
  });

  it('reads an empty list element as an empty list', () => {
    expect(parseXml('<root><ids></ids></root>', jsonSchemaOf(Schema))).toEqual({ ids: [] });
  });

  it('leaves non-numeric text for the schema to reject', () => {
    const value = parseXml(
      '<root><ids><list-item>abc</list-item></ids></root>',
      jsonSchemaOf(Schema),
    );
    expect(value).toEqual({ ids: ['abc'] });
  });

  it('unescapes the predefined entities', () => {
    const value = parseXml(
      '<root><items><list-item><name>A &amp; B &lt;C&gt;</name></list-item></items></root>',
      jsonSchemaOf(Schema),
    );
    expect(value).toMatchObject({ items: [{ name: 'A & B <C>' }] });
  });

  it.each([
    '<!DOCTYPE root SYSTEM "file:///etc/passwd"><root/>',
    '<root><a>&xxe;</a></root><!ENTITY xxe "x">',
  ])('refuses DTDs and entity declarations: %s', (xml) => {
    expect(() => parseXml(xml, undefined)).toThrow(ServiceError);
  });
});

describe('toXml', () => {
  it('writes <root>, <list-item>, empty elements for null and escapes text', () => {
    expect(toXml({ a: [1], b: null, c: [], d: [{ x: 'a<&>b' }, { x: true }] })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><root><a><list-item>1</list-item></a><b></b><c></c>' +
        '<d><list-item><x>a&lt;&amp;&gt;b</x></list-item><list-item><x>true</x></list-item></d></root>',
    );
  });

  it('round-trips through parseXml with the schema', () => {
    const value = { meta: { gemeinde: 3 }, ids: [1, 2], items: [{ name: 'Ä', note: null }] };
    expect(parseXml(toXml(value), jsonSchemaOf(Schema))).toEqual(value);
  });
});
