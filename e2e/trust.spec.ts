// Trust, second pass (issue 17), over real HTTP against the production server: a return path after
// sign-in never leads to another host, bad input in a URL gets a page in words instead of a 500,
// a link on another site cannot make a signed-in landlord's browser print a guest card, and
// scripts run by nonce (no 'unsafe-inline'), with HSTS behind an https proxy.
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { bookViaApi, serviceToken } from './support/api';
import { BASE_URL, futureDate } from './support/env';
import { LANG_COOKIE } from '../lib/portal/i18n';
import { signIn } from './support/portal';

const ORIGIN = new URL(BASE_URL).origin;

/** Return paths a browser would turn into another host (it drops tabs and newlines, reads `\` as `/`). */
const NASTY = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\n/evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\t\\evil.example/x',
  ' //evil.example',
  '//evil.example',
  'https://evil.example/',
  `${ORIGIN}\t@evil.example/`,
  '/%09/evil.example',
  'javascript:alert(1)',
];

function expectHome(location: string | null, what: string) {
  expect(location, what).not.toBeNull();
  expect(location!, what).not.toMatch(/[\u0000-\u001f\u007f\\]/);
  expect(new URL(location!, BASE_URL).origin, what).toBe(ORIGIN);
}

/** A cookie jar for fetch (the production cookies are `__Secure-`, which fetch keeps anyway). */
class Jar {
  private cookies = new Map<string, string>();
  keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function credentialsPost(jar: Jar, callbackUrl: string, password = 'demo') {
  const csrf = await fetch(`${BASE_URL}/auth/csrf`, { headers: { cookie: jar.header() } });
  jar.keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${BASE_URL}/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, username: 'demo', password, callbackUrl }),
  });
  jar.keep(res);
  return res;
}

test.describe('return path after sign-in', () => {
  test('the credentials callback never answers with another host', async () => {
    for (const value of NASTY) {
      const res = await credentialsPost(new Jar(), value);
      expect(res.status, JSON.stringify(value)).toBeLessThan(500);
      expectHome(res.headers.get('location'), JSON.stringify(value));
    }
  });

  test('/anmelden sends a signed-in landlord only to the portal', async () => {
    const jar = new Jar();
    await credentialsPost(jar, '/uebersicht');
    for (const value of NASTY) {
      const res = await fetch(`${BASE_URL}/anmelden?callbackUrl=${encodeURIComponent(value)}`, {
        redirect: 'manual',
        headers: { cookie: jar.header() },
      });
      expect(res.status, JSON.stringify(value)).toBeGreaterThanOrEqual(300);
      expect(res.status, JSON.stringify(value)).toBeLessThan(400);
      expectHome(res.headers.get('location'), JSON.stringify(value));
    }
    // A return path of the portal's own still works.
    const ok = await fetch(`${BASE_URL}/anmelden?callbackUrl=%2Faufenthalte%3Fseite%3D2`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    expect(ok.headers.get('location')).toMatch(/\/aufenthalte\?seite=2$/);
  });
});

/** One raw request (the path exactly as written) and the answer's status and body. */
function raw(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(BASE_URL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept-Language: de\r\nConnection: close\r\n\r\n`,
      ),
    );
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('end', () => {
      const status = Number(data.split(' ', 2)[1]);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
  });
}

test('bad input in a URL gets a page in words, never a 500', async () => {
  for (const error of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    const res = await raw(`/anmelden?error=${error}`);
    expect(res.status, error).toBe(200);
    expect(res.body, error).toContain('Die Anmeldung ist fehlgeschlagen.');
  }
  const pages: [string, RegExp][] = [
    ['/kurkarte/abc%zz', /Ungültige Karte/],
    ['/kurkarte/%E0%A4%A', /Ungültige Karte/],
    ['/kurkarte/%', /Ungültige Karte/],
    ['/checkin/abc%zz', /Dieser Link ist ungültig/],
    ['/checkin/%', /Dieser Link ist ungültig/],
    ['/checkin/%E0%A4%A', /Dieser Link ist ungültig/],
    ['/checkin/abc%zz/karte', /Keine Gästekarte/],
    ['/karte/abc%zz', /Keine Gästekarte/],
    ['/karte/%E0%A4%A', /Keine Gästekarte/],
  ];
  for (const [path, words] of pages) {
    const res = await raw(path);
    expect(res.status, path).toBeLessThan(500);
    expect(res.body, path).toMatch(words);
  }
});

test('the mailed card page speaks the browser’s language until the guest chooses one', async ({
  request,
}) => {
  // The card mail's link opens on a phone that never saw the portal: no language cookie yet.
  const english = await request.get('/karte/unknown-link', {
    headers: { 'accept-language': 'en-US,en;q=0.9,de;q=0.8' },
  });
  const page = await english.text();
  expect(page).toContain('<html lang="en"');
  expect(page).toContain('No guest card');
  const chosen = await request.get('/karte/unknown-link', {
    headers: { 'accept-language': 'en-US', cookie: `${LANG_COOKIE}=de` },
  });
  expect(await chosen.text()).toContain('Keine Gästekarte');
});

test('a guest link from a mail opens in the mail’s language and stays in it', async ({
  request,
  playwright,
}) => {
  // An English mail's link on a phone that prefers German: the page follows the mail.
  const german = { 'accept-language': 'de-DE,de;q=0.9' };
  const mailed = await request.get('/karte/unknown-link?lang=en', { headers: german });
  const page = await mailed.text();
  expect(page).toContain('<html lang="en"');
  expect(page).toContain('No guest card');
  // Kept as the guest's language, so that the check-in's own posts stay in it.
  expect(mailed.headers()['set-cookie']).toMatch(new RegExp(`^${LANG_COOKIE}=en;.*HttpOnly`, 'i'));
  const next = await request.get('/checkin/unknown-link', { headers: german });
  expect(await next.text()).toContain('<html lang="en"');
  // A phone without that cookie: a language the guest chose wins over the link's, and a link
  // naming no language of ours follows the browser.
  const phone = await playwright.request.newContext({ baseURL: BASE_URL });
  const chosen = await phone.get('/karte/unknown-link?lang=en', {
    headers: { ...german, cookie: `${LANG_COOKIE}=de` },
  });
  expect(await chosen.text()).toContain('Keine Gästekarte');
  expect(chosen.headers()['set-cookie']).toBeUndefined();
  const unnamed = await phone.get('/karte/unknown-link?lang=es', { headers: german });
  expect(await unnamed.text()).toContain('<html lang="de"');
  expect(unnamed.headers()['set-cookie']).toBeUndefined();
  await phone.dispose();
});

test('a link on another site does not print a guest card', async ({ page, request }) => {
  const token = await serviceToken(request, 'demo');
  const form = await bookViaApi(request, token, {
    objekt: 'Möwennest',
    arrival: futureDate(10, 11),
    departure: futureDate(10, 14),
  });
  await signIn(page, 'demo');
  // 127.0.0.1 is another site than localhost: the browser sends the Lax session cookie only on
  // a top-level navigation from there, which is what a link does.
  const card = `${BASE_URL}/aufenthalte/${form.id}/kurkarte`;
  const evil = `http://127.0.0.1:${new URL(BASE_URL).port}/elsewhere.html`;
  await page.route(evil, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>x</title><img src="${card}" alt=""><a id="go" href="${card}">win</a>`,
    }),
  );
  await page.goto(evil);
  const downloads: unknown[] = [];
  page.on('download', (d) => downloads.push(d));
  await page.click('#go');
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  expect(downloads).toEqual([]);
  // Still a draft: nothing was printed at the municipality.
  await page.goto(`/aufenthalte/${form.id}`);
  await expect(page.locator('[data-state=draft]')).toBeVisible();
});

test.describe('content security policy', () => {
  test('scripts run by nonce, never inline by permission', async ({ page }) => {
    const res = await page.goto('/anmelden');
    const csp = res!.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    // Every script Next rendered carries it (the browser hides the attribute's value from the DOM).
    const html = await res!.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A new nonce per answer.
    const again = await page.request.get('/anmelden');
    expect(again.headers()['content-security-policy']).not.toContain(nonce!);
  });

  test('HSTS only when a trusted proxy says the browser came over https', async ({ request }) => {
    const plain = await request.get(`${BASE_URL}/anmelden`);
    expect(plain.headers()['strict-transport-security']).toBeUndefined();
    const https = await request.get(`${BASE_URL}/anmelden`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(https.headers()['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const api = await request.get(`${BASE_URL}/api/health/`, {
      headers: {
        'X-Forwarded-Proto': 'https',
        'Content-Type': 'application/json',
        'User-Agent': 'meldeportal-e2e/1.0',
      },
    });
    expect(api.headers()['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });
});
