// The AVS face's XML reading and writing (lib/wire/avs/xml.ts): one pass that refuses what is not
// well-formed (or uses an undeclared prefix) and resolves namespaces, and answers whose values are
// escaped by the builder, so a booking system's text comes back exactly as it was sent.
import { describe, expect, it } from 'vitest';
import {
  readPayload,
  readSoapRequest,
  writeRequest,
  type MeldescheineElement,
} from '@/lib/wire/avs';
import { AVS_NS, parseDocument, SOAP_NS, XmlRefused } from '@/lib/wire/avs/xml';

const refused = (text: string) => expect(() => parseDocument(text)).toThrow(XmlRefused);

describe('parseDocument', () => {
  it('refuses XML that is not well-formed', () => {
    refused('<a><b></a></b>');
    refused('<a x=1/>');
    refused('<a x="1" x="2"/>');
    refused('<a/><b/>');
    refused('<a/>text');
    refused('<a>');
    refused('<a>&nbsp;</a>');
    refused('<a>x < y</a>');
    refused('');
  });

  it('refuses an undeclared prefix, a DOCTYPE and entity declarations', () => {
    refused('<p:a/>');
    refused('<a p:x="1"/>');
    refused('<!DOCTYPE a><a/>');
    refused('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>');
  });

  it('reads the next document after a refused one', () => {
    refused('<a><b>');
    expect(parseDocument('<a><b>1</b></a>').children[0]!.text).toBe('1');
  });

  it('resolves namespaces, decodes references and CDATA, skips comments, trims text', () => {
    const root = parseDocument(
      `<?xml version="1.0" encoding="UTF-8"?><S:Envelope xmlns:S="${SOAP_NS}">` +
        `<S:Body><m xmlns="${AVS_NS}" a="&quot;1&quot;"><n> A &amp; B &lt;&#67;&#x44;&gt; </n>` +
        `<o><![CDATA[<x> & y]]><!-- note --></o><p xmlns=""/></m></S:Body></S:Envelope>`,
    );
    expect(root).toMatchObject({ ns: SOAP_NS, name: 'Envelope' });
    const m = root.children[0]!.children[0]!;
    expect(m).toMatchObject({ ns: AVS_NS, name: 'm', attrs: { xmlns: AVS_NS, a: '"1"' } });
    expect(m.children.map((c) => [c.ns, c.name, c.text])).toEqual([
      [AVS_NS, 'n', 'A & B <CD>'],
      [AVS_NS, 'o', '<x> & y'],
      [null, 'p', ''],
    ]);
  });
});

describe('writing a request and reading it back', () => {
  it('keeps markup characters in values as they were', () => {
    const name = `O'Neil & <Söhne> "Ferien"`;
    const value: MeldescheineElement = {
      identifikation: { schnittstelle: 'demo', kurverwaltung: '0', verarbeitung: 'BUCHEN' },
      meldeschein: { buchungsnummer: 'a&b<c>', objektid: 1, name, vorname: ']]>' },
    };
    const text = writeRequest('bucheMeldeschein', value);
    expect(text).not.toContain(name);
    const { operation, payload } = readSoapRequest(text, null);
    const read = readPayload(operation, payload);
    expect(read.problems).toEqual([]);
    expect(read.value).toEqual(value);
  });
});
