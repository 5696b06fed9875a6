// The AVS face in-process, as a booking system would call it over HTTP, and its answers checked
// with xmllint against our XSDs (and AVS's published ones when AVS_SCHEMA_DIR names a folder).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createAvsHandler } from '@/lib/service/avs';
import {
  readSoapAnswer,
  writeRequest,
  type Identifikation,
  type OperationName,
  type OPERATIONS,
  type ValueOf,
} from '@/lib/wire/avs';
import type { TestDb } from './db';

export const AVS_URL = 'http://service.test/avs/JMeldescheinWebservices';

export interface AvsCallOptions {
  /** `user:password` for HTTP Basic; null sends none. */
  auth?: string | null;
  soapAction?: string;
  contentType?: string;
  clientAddress?: string;
}

export interface AvsResult {
  status: number;
  headers: Headers;
  text: string;
}

export function avsClient(t: TestDb, login = 'demo', password = login) {
  const handler = createAvsHandler({ db: async () => t.db });
  async function raw(
    body: string | Uint8Array<ArrayBuffer>,
    o: AvsCallOptions = {},
  ): Promise<AvsResult> {
    const headers = new Headers({
      'content-type': o.contentType ?? 'text/xml; charset=utf-8',
      'user-agent': 'avs-tests/1.0',
    });
    const auth = o.auth === undefined ? `${login}:${password}` : o.auth;
    if (auth !== null)
      headers.set('authorization', `Basic ${Buffer.from(auth).toString('base64')}`);
    if (o.soapAction !== undefined) headers.set('soapaction', o.soapAction);
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    const reply = await handler.reply(
      new Request(AVS_URL, { method: 'POST', headers, body: bytes }),
      { clientAddress: o.clientAddress ?? '127.0.0.1' },
    );
    const res = reply.toResponse();
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  async function get(pathAndQuery: string): Promise<AvsResult> {
    const reply = await handler.reply(new Request(`http://service.test${pathAndQuery}`));
    const res = reply.toResponse();
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  async function call<O extends OperationName>(
    operation: O,
    value: ValueOf<(typeof OPERATIONS)[O]['request']['spec']>,
    o: AvsCallOptions = {},
  ) {
    const request = writeRequest(operation, value);
    const res = await raw(request, o);
    return { ...res, request, answer: readSoapAnswer(operation, res.text) };
  }
  return { handler, raw, get, call };
}

/** An identification block as a client sends it. */
export function ident(
  verarbeitung: string,
  schnittstelle = 'demo',
  kurverwaltung = '0',
): Identifikation {
  return { erzeugung: '2026-08-17', schnittstelle, kurverwaltung, benutzerid: 1, verarbeitung };
}

const SOAP_XSD = path.join(process.cwd(), 'tests', 'fixtures', 'avs', 'soap-envelope.xsd');
export const OUR_XSD = path.join(
  process.cwd(),
  'lib',
  'wire',
  'avs',
  'schema-files',
  'avs-meldeschein-elements.xsd',
);

const dir = mkdtempSync(path.join(tmpdir(), 'avs-xsd-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;

function driver(avsXsd: string): string {
  const file = path.join(dir, `driver-${Buffer.from(avsXsd).toString('hex').slice(-16)}.xsd`);
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="http://schemas.xmlsoap.org/soap/envelope/" schemaLocation="${SOAP_XSD}"/>
  <xs:import namespace="http://www.avs.meldeschein.de/ns/" schemaLocation="${avsXsd}"/>
</xs:schema>`,
  );
  return file;
}

/**
 * xmllint's verdict on an envelope against the AVS schema `avsXsd` (ours by default): null when
 * it validates, else xmllint's messages.
 */
export function schemaErrors(envelope: string, avsXsd = OUR_XSD): string | null {
  const file = path.join(dir, `message-${++count}.xml`);
  writeFileSync(file, envelope);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', driver(avsXsd), file], {
      stdio: 'pipe',
    });
    return null;
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err);
  }
}
