// The Google save link after a cancellation, and the wallets' keys read once (issue 30).
// - The card page's Google button points at the portal, which makes a save link when it is
//   followed and only for a card still valid: a link shown before the landlord cancels no longer
//   creates an active pass afterwards (Google's save JWT has no documented expiry; decision 017).
// - Certificates and keys are read and parsed once per value of the environment, not on every
//   card page, save link and push.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db';
import { portalPdfs } from '@/lib/db/schema';
import { reloadEnv } from '@/lib/env';
import { cardsByMailLink } from '@/lib/portal/guest-card/access';
import { cardFile } from '@/lib/portal/guest-card/files';
import { cardLinkToken } from '@/lib/portal/guest-card/link';
import { cardPageProps } from '@/lib/portal/guest-card/page-data';
import { cancelCards, issueCards, type GuestCardRow } from '@/lib/portal/guest-card/store';
import type { Owner } from '@/lib/portal/session/session';
import { pushPassUpdates } from '@/lib/portal/wallet/apple/push';
import { applePassFor } from '@/lib/portal/guest-card/apple-web-service';
import { appleConfig, googleConfig } from '@/lib/portal/wallet/config';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useTestDb } from '../helpers/db';
import { walletTestCredentials } from '../helpers/wallet-certs';
import { karte } from './fixtures';

useTestDb();
const creds = walletTestCredentials();
const anna: Owner = { serviceUrl: 'http://service.test/api/', username: 'demo' };
const SAVE = 'https://pay.google.com/gp/v/save/';
const dir = mkdtempSync(path.join(tmpdir(), 'wallet-keys-'));
const keyFile = path.join(dir, 'pass-key.pem');
const saved: Record<string, string | undefined> = {};
let apns: Http2Server;

function setEnv(vars: Record<string, string>) {
  for (const [k, v] of Object.entries(vars)) {
    if (!(k in saved)) saved[k] = process.env[k];
    process.env[k] = v;
  }
  reloadEnv();
}

beforeAll(async () => {
  apns = createServer((req, res) => {
    req.resume();
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
  writeFileSync(keyFile, creds.signerKey);
  setEnv({
    APPLE_PASS_TYPE_ID: 'pass.de.meldeportal.test',
    APPLE_TEAM_ID: 'TEAM123456',
    APPLE_PASS_CERT: creds.signerCert,
    APPLE_PASS_KEY: keyFile, // a file path: read once, not on every use
    APPLE_WWDR_CERT: creds.wwdr,
    APPLE_APNS_KEY: Buffer.from(creds.apnsKey).toString('base64'),
    APPLE_APNS_KEY_ID: 'KEY1234567',
    APPLE_APNS_HOST: `http://127.0.0.1:${(apns.address() as AddressInfo).port}`,
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT: creds.googleServiceAccount,
    PUBLIC_BASE_URL: 'https://portal.example.de',
  });
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadEnv();
  rmSync(dir, { recursive: true, force: true });
  await new Promise((resolve) => apns.close(resolve));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A booked party of one whose stay is still ahead, with its stored PDF (the page shows it). */
async function liveCard(): Promise<{ card: GuestCardRow; formId: number; token: string }> {
  const formId = 7_000 + Math.floor(Math.random() * 1000);
  const from = addDays(berlinToday(), 10);
  const cards = await issueCards(anna, {
    formId,
    checkinId: null,
    departureDate: addDays(from, 3),
    lang: 'de',
    karten: [{ ...karte, gueltig_von: from, gueltig_bis: addDays(from, 3) }],
  });
  const db = await getDb();
  await db.insert(portalPdfs).values({ ...anna, formId, pdf: new Uint8Array([37, 80, 68, 70]) });
  return { card: cards[0]!, formId, token: cardLinkToken(cards[0]!.partyId) };
}

async function savedObject(location: string) {
  expect(location.startsWith(SAVE)).toBe(true);
  const { payload } = await jwtVerify(
    location.slice(SAVE.length),
    await importSPKI(creds.googlePublicKey, 'RS256'),
    { audience: 'google', issuer: 'wallet@meldeportal-test.iam.gserviceaccount.com' },
  );
  expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['https://portal.example.de'] });
  return (payload.payload as { genericObjects: Record<string, unknown>[] }).genericObjects[0]!;
}

describe('the Save to Google Wallet button', () => {
  it('leads through the portal to a save link made then, and after a cancellation to nothing', async () => {
    const { card, formId, token } = await liveCard();
    const base = `/karte/${token}`;
    const props = await cardPageProps(await cardsByMailLink(token), base, 'de');
    if (props.state !== 'ready') throw new Error(`card page ${props.state}`);
    // The page carries no save link itself: one shown before a cancellation would stay valid.
    expect(props.cards[0]!.googleHref).toBe(`${base}/${card.id}.google`);

    const res = await cardFile(await cardsByMailLink(token), `${card.id}.google`);
    expect(res.status).toBe(303);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const object = await savedObject(res.headers.get('location')!);
    expect(object).toMatchObject({ id: `3388000000012345678.${card.id}`, state: 'ACTIVE' });

    // The landlord cancels: the same button answers 404, as the Apple pass download does.
    await cancelCards(anna, formId);
    const after = await cardsByMailLink(token);
    expect((await cardFile(after, `${card.id}.google`)).status).toBe(404);
    expect((await cardFile(after, `${card.id}.pkpass`)).status).toBe(404);
    expect((await cardPageProps(after, base, 'de')).state).toBe('cancelled');
  });

  it('opens only a card of the party the link opened', async () => {
    const [one, two] = [await liveCard(), await liveCard()];
    const cards = await cardsByMailLink(one.token);
    expect((await cardFile(cards, `${two.card.id}.google`)).status).toBe(404);
    expect((await cardFile(cards, `${one.card.id}.googl`)).status).toBe(404);
    expect((await cardFile([], `${one.card.id}.google`)).status).toBe(404);
  });
});

describe('the wallets keys', () => {
  it('are parsed once across card pages, save links and pushes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const imports = vi.spyOn(crypto.subtle, 'importKey');
    const { card, token } = await liveCard();
    const pkcs8 = () => imports.mock.calls.filter(([format]) => format === 'pkcs8').length;
    const perRound: number[] = [];
    for (const minutes of [0, 45]) {
      // 45 minutes later the APNs token is renewed: signed again, its key not imported again.
      vi.setSystemTime(Date.now() + minutes * 60_000);
      const before = pkcs8();
      const cards = await cardsByMailLink(token);
      expect((await cardPageProps(cards, `/karte/${token}`, 'de')).state).toBe('ready');
      expect((await cardFile(cards, `${card.id}.google`)).status).toBe(303);
      expect((await cardFile(cards, `${card.id}.pkpass`)).status).toBe(200);
      expect(await pushPassUpdates(appleConfig()!, ['device-token-1'])).toBe(1);
      perRound.push(pkcs8() - before);
    }
    // At most the Google service account key and the APNs key in the first round (either may
    // have been imported by an earlier test), none in the second.
    expect(perRound[0]).toBeLessThanOrEqual(2);
    expect(perRound[1]).toBe(0);
    expect(appleConfig()).toBe(appleConfig());
    expect(googleConfig()).toBe(googleConfig());
  });

  it('are read once per value of the environment: a file gone later is not read again', async () => {
    const { card } = await liveCard();
    const cfg = appleConfig()!;
    rmSync(keyFile);
    expect(appleConfig()).toBe(cfg);
    expect(applePassFor(appleConfig()!, card).subarray(0, 2).toString()).toBe('PK');
    // A new environment reads again; a key that no longer parses turns Apple Wallet off, named.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reloadEnv();
    expect(appleConfig()).toBeNull();
    expect(error).toHaveBeenCalledWith(
      'wallet: APPLE_PASS_KEY does not parse; this wallet stays off',
    );
    expect(googleConfig()).not.toBeNull();
    writeFileSync(keyFile, creds.signerKey);
    reloadEnv();
    expect(appleConfig()).not.toBeNull();
  });
});
