// Kept pages (decision 026): server.ts serves the stays list and the overview again, before Next,
// only while the session, the configuration and the owner's data are those the page was rendered
// with. Here the front door runs in server.ts's listener on a real port in front of the real
// service; a stand-in for Next renders like the pages do (a script nonce from its policy header,
// the owner's version read before its data, the configuration's ETag) and counts its renders.
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { objekte, portalForms } from '@/lib/db/schema';
import { contentSecurityPolicy, newNonce } from '@/lib/content-security';
import { HttpClient } from '@/lib/portal/api/http';
import { forgetKeptPages, KEPT_TIMING, keptPages } from '@/lib/portal/kept-pages/front';
import { declareKept, KEEP_HEADER, ownerVersion } from '@/lib/portal/kept-pages/registry';
import { authSecret, sessionCookieName } from '@/lib/portal/session/auth';
import { claimsOf } from '@/lib/portal/session/claims';
import { revokeSession } from '@/lib/portal/session/revoked-sessions';
import { createServiceHandler } from '@/lib/service';
import { setPassword } from '@/lib/service/accounts/revocation';
import { appListener, createHttpServer } from '@/lib/service/node-http';
import { apiClient } from '../helpers/api';
import { useTestDb } from '../helpers/db';

const t = useTestDb();

/** What the stand-in for Next was asked, and how it answers: like a page, or as told. */
const next = {
  renders: 0,
  sawKeepHeader: [] as (string | undefined)[],
  until: Number.POSITIVE_INFINITY,
};

async function page(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const render = ++next.renders;
  const keepId = req.headers[KEEP_HEADER];
  next.sawKeepHeader.push(typeof keepId === 'string' ? keepId : undefined);
  const raw = /next-auth\.session-token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const claims = raw ? await claimsOf(raw) : null;
  if (!claims) {
    res.writeHead(307, { location: '/anmelden' }).end();
    return;
  }
  const owner = { serviceUrl: claims.serviceUrl, username: claims.username };
  const api = new HttpClient(claims.serviceUrl, claims.credential);
  const config = await api.currentUserIfChanged(undefined).catch(() => null);
  if (!config) {
    res.writeHead(307, { location: '/anmelden?error=SessionExpired' }).end(); // token refused
    return;
  }
  const version = await ownerVersion(owner); // before the data, as keptRender()
  const forms = await t.db
    .select()
    .from(portalForms)
    .where(eq(portalForms.username, owner.username));
  const nonce = newNonce();
  res.setHeader('content-security-policy', contentSecurityPolicy(nonce, false));
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('link', `</app.css>; rel=preload; as="style"; nonce="${nonce}"`); // as Next does
  res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
  const objects = config.changed
    ? config.value.beherberger.flatMap((b) => b.objekte.map((o) => o.alias))
    : [];
  res.write(`<html><body><p>render ${render} of ${claims.username}: ${objects.join(', ')}</p>`);
  res.end(`<p>${forms.length} forms</p><script nonce="${nonce}">1</script></body></html>`);
  if (typeof keepId === 'string' && config.changed && config.etag) {
    declareKept(keepId, { version, configEtag: config.etag, until: next.until });
  }
}

let server: http.Server;
let base: string;

beforeAll(async () => {
  const handler = createServiceHandler({ db: async () => t.db });
  server = createHttpServer(appListener(keptPages(page), handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  forgetKeptPages();
  next.renders = 0;
  next.sawKeepHeader = [];
  next.until = Number.POSITIVE_INFINITY;
});

async function signIn(
  username: string,
  sid = randomUUID(),
): Promise<{ cookie: string; sid: string }> {
  const token = await apiClient(t).login(username);
  const value = await encode({
    token: {
      sid,
      username,
      name: username,
      credential: token,
      serviceUrl: `${base}/api/`,
      credentialExp: Math.floor(Date.now() / 1000) + 3600,
    },
    secret: authSecret(),
  });
  return { cookie: `${sessionCookieName()}=${value}`, sid };
}

async function get(path: string, cookie: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    headers: { cookie, 'accept-encoding': 'identity', ...headers },
    redirect: 'manual',
  });
  const html = await res.text(); // fetch undoes a gzip content-encoding
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  return { status: res.status, html, nonce, headers: res.headers };
}

const renderOf = (html: string) => /render (\d+)/.exec(html)?.[1];

describe('kept pages', () => {
  it('serves the same page again without rendering it, with a new script nonce each time', async () => {
    const { cookie } = await signIn('demo');
    const first = await get('/aufenthalte', cookie);
    const second = await get('/aufenthalte', cookie);
    const third = await get('/aufenthalte', cookie, { 'accept-encoding': 'gzip, br' });
    expect(next.renders).toBe(1);
    expect(first.html).toContain('Möwennest');
    expect(first.headers.get('server-timing')).toBeNull();
    for (const answer of [second, third]) {
      expect(answer.status).toBe(200);
      expect(renderOf(answer.html)).toBe('1');
      expect(answer.html).toContain(`<script nonce="${answer.nonce}">`);
      expect(answer.nonce).not.toBe(first.nonce);
      expect(answer.html).not.toContain(first.nonce!);
      expect(answer.headers.get('link')).toContain(`nonce="${answer.nonce}"`);
      expect(answer.headers.get('cache-control')).toContain('no-store');
      expect(answer.headers.get('server-timing')).toBe(KEPT_TIMING);
    }
    expect(third.headers.get('content-encoding')).toBe('gzip');
    expect(second.nonce).not.toBe(third.nonce);
  });

  it('renders again once anything of the owner’s changed, whoever wrote it', async () => {
    const { cookie } = await signIn('demo');
    await get('/uebersicht', cookie);
    await t.db.insert(portalForms).values({
      serviceUrl: `${base}/api/`,
      username: 'demo',
      formId: 99,
      gemeindeId: 1,
      objektId: 1,
      meldescheinnummer: 'M-99',
      state: 'draft',
      arrivalDate: '2026-12-01',
      departureDate: '2026-12-05',
      nights: 4,
      guests: 2,
      kurtaxeCents: 1000,
    });
    try {
      const after = await get('/uebersicht', cookie);
      expect(renderOf(after.html)).toBe('2');
      expect(after.html).toContain('1 forms');
      expect(renderOf((await get('/uebersicht', cookie)).html)).toBe('2'); // kept again
    } finally {
      await t.db.delete(portalForms);
    }
  });

  it('renders again once the configuration changed at the service', async () => {
    const { cookie } = await signIn('demo');
    await get('/aufenthalte', cookie);
    await t.db
      .update(objekte)
      .set({ alias: 'Möwennest am Deich' })
      .where(eq(objekte.id, t.demo.objekte.moeweA));
    try {
      const after = await get('/aufenthalte', cookie);
      expect(renderOf(after.html)).toBe('2');
      expect(after.html).toContain('Möwennest am Deich');
    } finally {
      await t.db
        .update(objekte)
        .set({ alias: 'Möwennest' })
        .where(eq(objekte.id, t.demo.objekte.moeweA));
    }
  });

  it('never serves a kept page to a signed-out session, a changed password or another cookie', async () => {
    const anna = await signIn('demo');
    await get('/aufenthalte', anna.cookie);
    // Another sign-in of the same landlord, and another landlord: each their own render.
    const again = await signIn('demo');
    expect(renderOf((await get('/aufenthalte', again.cookie)).html)).toBe('2');
    const jens = await get('/aufenthalte', (await signIn('demo2')).cookie);
    expect(renderOf(jens.html)).toBe('3');
    expect(jens.html).not.toContain('Möwennest');

    await revokeSession(anna.sid, new Date(Date.now() + 3600_000));
    expect((await get('/aufenthalte', anna.cookie)).status).toBe(200);
    expect(next.renders).toBe(4); // Next decides (the real page sends it to sign-in)

    const multi = await signIn('multi');
    await get('/aufenthalte', multi.cookie);
    await setPassword(t.db, 'multi', 'a-new-password');
    expect((await get('/aufenthalte', multi.cookie)).status).toBe(307);
    expect(next.renders).toBe(6);
  });

  it('keeps a page no longer than its render said it would stay the same', async () => {
    const { cookie } = await signIn('demo');
    next.until = Date.now() + 300;
    await get('/aufenthalte', cookie);
    await get('/aufenthalte', cookie);
    expect(next.renders).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    await get('/aufenthalte', cookie);
    expect(next.renders).toBe(2);
  });

  it('keeps only documents of the kept pages, and never takes the internal header from a client', async () => {
    const { cookie } = await signIn('demo');
    const forged = { [KEEP_HEADER]: 'chosen-by-the-client' };
    await get('/aufenthalte/kommend', cookie, forged);
    await get('/aufenthalte/kommend', cookie, forged);
    await get('/aufenthalte', cookie, { rsc: '1', ...forged });
    await get('/aufenthalte?_rsc=abc', cookie);
    await get('/aufenthalte', cookie, { rsc: '1' });
    expect(next.renders).toBe(5);
    expect(next.sawKeepHeader.slice(0, 4)).toEqual([undefined, undefined, undefined, undefined]);
    // A page that did not declare itself (here: no ETag was given) is rendered every time.
    await get('/uebersicht', cookie, forged);
    expect(next.sawKeepHeader[5]).toMatch(/^[0-9a-f-]{36}$/);
    await get('/uebersicht', cookie);
    expect(next.renders).toBe(6);
  });

  it('keeps nothing for a request without a session (proxy.ts sends it to sign-in)', async () => {
    await get('/aufenthalte', '');
    await get('/aufenthalte', '');
    expect(next.renders).toBe(2);
  });
});
