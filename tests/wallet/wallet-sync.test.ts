// The guest's wallet passes follow the form (issue 20), against the real service in-process, a
// local HTTP/2 server standing in for APNs and a local HTTP server for Google's token and Wallet
// API: the pass web service with and without the pass's token, one push per edit, PATCHes with
// the new data, a voided pass and an INACTIVE object after cancel (created INACTIVE where nobody
// had saved it, so a save page opened before cannot add an active one), the save link's JWT. The
// Google stand-in keeps classes and objects as the Wallet API does: PATCH of an unknown object is
// 404, an insert is 404 without its class and 409 for an existing id.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createH2Server, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadEnv } from '@/lib/env';
import { cardById, type GuestCardRow } from '@/lib/portal/guest-card/store';
import { handOverCards, refreshCards, voidCards } from '@/lib/portal/guest-card/sync';
import { pushTokensOf } from '@/lib/portal/wallet/apple/registrations';
import { walletWebService } from '@/lib/portal/guest-card/apple-web-service';
import { appleConfig, googleConfig } from '@/lib/portal/wallet/config';
import { saveLink } from '@/lib/portal/wallet/google/api';
import { useTestDb } from '../helpers/db';
import { walletTestCredentials } from '../helpers/wallet-certs';
import { inProcessSession, ownerOfSession } from '../portal/in-process-service';
import { formsClient, person, type FormsClient } from '../service/meldeschein-fixtures';

const t = useTestDb();
const creds = walletTestCredentials();
const PASS_TYPE = 'pass.de.meldeportal.test';
const pushes: { path: string; headers: Record<string, unknown> }[] = [];
const google: { method: string; url: string; body: string; auth?: string }[] = [];
/** The stand-in's Wallet: class ids, and object states by id. */
const walletClasses = new Set<string>();
const walletObjects = new Map<string, string>();
const API = '/walletobjects/v1/';

/** The stand-in's answer to a Wallet API call. */
function walletAnswer(method: string, url: string, body: string): number {
  const path = url.slice(API.length);
  const sent = body ? (JSON.parse(body) as { id?: string; classId?: string; state?: string }) : {};
  if (method === 'PATCH' && path.startsWith('genericObject/')) {
    const id = decodeURIComponent(path.slice('genericObject/'.length));
    if (!walletObjects.has(id)) return 404;
    if (sent.state) walletObjects.set(id, sent.state);
    return 200;
  }
  if (method === 'POST' && path === 'genericClass') {
    if (walletClasses.has(sent.id!)) return 409;
    walletClasses.add(sent.id!);
    return 200;
  }
  if (method === 'POST' && path === 'genericObject') {
    if (!walletClasses.has(sent.classId!)) return 404;
    if (walletObjects.has(sent.id!)) return 409;
    walletObjects.set(sent.id!, sent.state ?? 'ACTIVE');
    return 200;
  }
  return 400;
}
let apns: Http2Server;
let googleServer: Server;
let anna: FormsClient;
const saved: Record<string, string | undefined> = {};

function setEnv(vars: Record<string, string>) {
  for (const [k, v] of Object.entries(vars)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  reloadEnv();
}

const listen = (s: Server | Http2Server) =>
  new Promise<number>((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)),
  );

const bodyOf = async (req: IncomingMessage) => {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
};

beforeAll(async () => {
  apns = createH2Server((req, res) => {
    pushes.push({ path: req.url, headers: { ...req.headers } });
    req.resume();
    res.writeHead(200).end();
  });
  googleServer = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      google.push({ method: req.method!, url: req.url!, body, auth: req.headers.authorization });
      if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'test-access-token', expires_in: 3600 }));
      } else {
        const status = walletAnswer(req.method!, req.url!, body);
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      }
    });
  });
  const [apnsPort, googlePort] = await Promise.all([listen(apns), listen(googleServer)]);
  setEnv({
    APPLE_PASS_TYPE_ID: PASS_TYPE,
    APPLE_TEAM_ID: 'TEAM123456',
    APPLE_PASS_CERT: Buffer.from(creds.signerCert).toString('base64'),
    APPLE_PASS_KEY: creds.signerKey,
    APPLE_WWDR_CERT: creds.wwdr,
    APPLE_APNS_KEY: creds.apnsKey,
    APPLE_APNS_KEY_ID: 'KEY1234567',
    APPLE_APNS_HOST: `http://127.0.0.1:${apnsPort}`,
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT: creds.googleServiceAccount,
    GOOGLE_WALLET_API_URL: `http://127.0.0.1:${googlePort}/walletobjects/v1`,
    GOOGLE_OAUTH_TOKEN_URL: `http://127.0.0.1:${googlePort}/token`,
  });
  anna = await formsClient(t);
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadEnv();
  await new Promise((r) => apns.close(r));
  await new Promise((r) => googleServer.close(r));
});

const call = (method: string, path: string, token?: string, body?: unknown) =>
  walletWebService(
    new Request(`http://portal.test/wallet/v1/${path}`, {
      method,
      headers: token ? { authorization: `ApplePass ${token}` } : {},
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    path.split('?')[0]!.split('/'),
  );

async function bookedCards() {
  const session = inProcessSession(t, 'demo', anna.token);
  const form = await anna.bookOk([
    person({ Gast_Vorname: 'Erika' }),
    person({ Gast_Vorname: 'Max' }),
  ]);
  const [read] = await session.api.get(anna.meta, [form.id]);
  const cards = await handOverCards(session.api, ownerOfSession(session), anna.meta, read!, {
    id: randomUUID(),
    lang: 'de',
  });
  return { session, form, cards };
}

describe('the Apple pass web service', () => {
  it('registers, lists changed serials, serves the latest pass and unregisters, each with the pass token', async () => {
    const { cards } = await bookedCards();
    expect(cards).toHaveLength(2);
    const card = cards[0]!;
    const device = 'device-a1';
    const reg = `devices/${device}/registrations/${PASS_TYPE}/${card.id}`;
    expect((await call('POST', reg, undefined, { pushToken: 'tok-a1' })).status).toBe(401);
    expect((await call('POST', reg, cards[1]!.authToken, { pushToken: 'tok-a1' })).status).toBe(
      401,
    );
    expect((await call('POST', reg, card.authToken, { pushToken: 'tok-a1' })).status).toBe(201);
    expect((await call('POST', reg, card.authToken, { pushToken: 'tok-a1' })).status).toBe(200);
    expect((await call('POST', reg, card.authToken, { nope: 1 })).status).toBe(400);

    const list = await call('GET', `devices/${device}/registrations/${PASS_TYPE}`);
    expect(list.status).toBe(200);
    const { serialNumbers, lastUpdated } = (await list.json()) as {
      serialNumbers: string[];
      lastUpdated: string;
    };
    expect(serialNumbers).toEqual([card.id]);
    const since = await call(
      'GET',
      `devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`,
    );
    expect(since.status).toBe(204);

    const pass = `passes/${PASS_TYPE}/${card.id}`;
    expect((await call('GET', pass)).status).toBe(401);
    expect((await call('GET', `passes/pass.other/${card.id}`, card.authToken)).status).toBe(401);
    const got = await call('GET', pass, card.authToken);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(
      Buffer.from(await got.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    expect((await call('POST', 'log', undefined, { logs: ['hello'] })).status).toBe(200);
    expect((await call('DELETE', reg)).status).toBe(401);
    expect(await pushTokensOf(PASS_TYPE, [card.id])).toEqual(['tok-a1']);
    expect((await call('DELETE', reg, card.authToken)).status).toBe(200);
    expect((await call('GET', `devices/${device}/registrations/${PASS_TYPE}`)).status).toBe(204);
    // The next push for this pass goes to no one.
    expect(await pushTokensOf(PASS_TYPE, [card.id])).toEqual([]);
  });
});

describe('an edit and a cancellation', () => {
  it('push once to the device, PATCH the Google object, and void both after cancel', async () => {
    const { session, form, cards } = await bookedCards();
    const owner = ownerOfSession(session);
    const [erika, max] = cards as [GuestCardRow, GuestCardRow];
    const reg = (c: GuestCardRow, device: string) =>
      call('POST', `devices/${device}/registrations/${PASS_TYPE}/${c.id}`, c.authToken, {
        pushToken: `push-${device}`,
      });
    expect((await reg(erika, 'phone-1')).status).toBe(201);
    pushes.length = 0;
    google.length = 0;

    const res = await anna.update({
      id: form.id,
      personen: [{ id: form.personen[0]!.id, Gast_Vorname: 'Erika-Marie' }],
    });
    expect(res.status).toBe(200);
    const [edited] = await session.api.get(anna.meta, [form.id]);
    await refreshCards(session.api, owner, anna.meta, edited!);

    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.path).toBe('/3/device/push-phone-1');
    expect(pushes[0]!.headers['apns-topic']).toBe(PASS_TYPE);
    const jwt = String(pushes[0]!.headers.authorization).replace(/^bearer /, '');
    const apnsPublic = (await import('node:crypto'))
      .createPublicKey(creds.apnsKey)
      .export({ type: 'spki', format: 'pem' })
      .toString();
    const { protectedHeader, payload } = await jwtVerify(
      jwt,
      await importSPKI(apnsPublic, 'ES256'),
    );
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
    expect(payload.iss).toBe('TEAM123456');

    const patches = google.filter((g) => g.method === 'PATCH');
    expect(patches).toHaveLength(1); // only Erika's card changed
    expect(patches[0]!.url).toBe(
      `/walletobjects/v1/genericObject/${encodeURIComponent(`3388000000012345678.${erika.id}`)}`,
    );
    expect(patches[0]!.auth).toBe('Bearer test-access-token');
    expect(JSON.parse(patches[0]!.body)).toMatchObject({ state: 'ACTIVE' });
    expect(patches[0]!.body).toContain('Erika-Marie');
    const token = google.find((g) => g.url === '/token')!;
    expect(new URLSearchParams(token.body).get('grant_type')).toBe(
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    );
    expect((await cardById(erika.id))!.version).toBe(2);
    expect((await cardById(max.id))!.version).toBe(1);

    pushes.length = 0;
    google.length = 0;
    walletClasses.clear(); // no card of the issuer was ever saved: not even the class exists
    await anna.cancel([form.id]);
    await voidCards(owner, form.id);
    expect(google.filter((g) => g.url.endsWith('/genericClass'))).toHaveLength(1);
    expect(pushes).toHaveLength(1);
    const inactive = google.filter((g) => g.method === 'PATCH');
    expect(inactive).toHaveLength(2);
    for (const p of inactive) expect(JSON.parse(p.body)).toMatchObject({ state: 'INACTIVE' });
    // Nobody had saved them: both exist now, INACTIVE, so an old save page adds no active pass.
    for (const c of [erika, max]) {
      expect(walletObjects.get(`3388000000012345678.${c.id}`)).toBe('INACTIVE');
    }
    const voided = await call('GET', `passes/${PASS_TYPE}/${erika.id}`, erika.authToken);
    expect(voided.status).toBe(200);
    expect((await cardById(erika.id))!.cancelledAt).not.toBeNull();
  });

  it('a saved Google object is patched INACTIVE at cancel, with no insert', async () => {
    const { session, form, cards } = await bookedCards();
    const [erika] = cards as [GuestCardRow];
    // The guest saved Erika's card (the save link made the class and the object).
    walletClasses.add('3388000000012345678.kurkarte');
    walletObjects.set(`3388000000012345678.${erika.id}`, 'ACTIVE');
    google.length = 0;
    await anna.cancel([form.id]);
    await voidCards(ownerOfSession(session), form.id);
    expect(walletObjects.get(`3388000000012345678.${erika.id}`)).toBe('INACTIVE');
    const inserts = google.filter((g) => g.method === 'POST' && g.url.endsWith('/genericObject'));
    expect(inserts.map((g) => (JSON.parse(g.body) as { id: string }).id)).not.toContain(
      `3388000000012345678.${erika.id}`,
    );
  });
});

describe('the Save to Google Wallet link', () => {
  it('is a savetowallet JWT signed with the service account key carrying the card object', async () => {
    const { cards } = await bookedCards();
    const card = cards[0]!;
    const cfg = googleConfig()!;
    const link = await saveLink(cfg, 'https://portal.example.de', {
      serial: card.id,
      karte: card.karte!,
      cancelled: false,
    });
    expect(link.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = link.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload } = await jwtVerify(jwt, await importSPKI(creds.googlePublicKey, 'RS256'), {
      audience: 'google',
      issuer: 'wallet@meldeportal-test.iam.gserviceaccount.com',
    });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['https://portal.example.de'] });
    const objects = (payload.payload as { genericObjects: Record<string, unknown>[] })
      .genericObjects;
    expect(objects).toHaveLength(1);
    expect(objects[0]).toMatchObject({
      id: `3388000000012345678.${card.id}`,
      classId: '3388000000012345678.kurkarte',
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: card.karte!.qr },
    });
    expect(decodeJwt(jwt).iat).toBeTypeOf('number');
    expect(appleConfig()).not.toBeNull();
  });
});
