// Security headers and the front door on the production server (issue 8): pages refuse framing and
// carry a content security policy that the portal works under, token pages send no referrer, the
// service's answers are not sniffed, and an absolute-form request target never leads to another host.
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/env';
import { signIn } from './support/portal';

test('pages refuse framing and carry a content security policy and a referrer policy', async ({
  request,
}) => {
  const res = await request.get(`${BASE_URL}/anmelden`);
  expect(res.status()).toBe(200);
  const h = res.headers();
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['content-security-policy']).toContain("object-src 'none'");
  // Scripts run by a per-request nonce (proxy.ts), never by 'unsafe-inline' (issue 17).
  const scriptSrc = h['content-security-policy']!.split(';').find((d) => d.includes('script-src'));
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['referrer-policy']).toBe('same-origin');
  expect(h['x-content-type-options']).toBe('nosniff');
});

test('the guest card check page sends no referrer (its URL holds the card token)', async ({
  request,
}) => {
  const res = await request.get(`${BASE_URL}/kurkarte/not-a-real-token`);
  expect(res.headers()['referrer-policy']).toBe('no-referrer');
  expect(res.headers()['x-frame-options']).toBe('DENY');
});

test('the guest check-in tells no other site its link, and its forms post with an origin', async ({
  request,
}) => {
  // `no-referrer` would make a browser post the guest's forms with `Origin: null`, which the page's
  // origin check refuses where `Sec-Fetch-Site` is missing (checkin-no-javascript.spec.ts walks
  // them).
  const res = await request.get(`${BASE_URL}/checkin/not-a-real-token`);
  expect(res.headers()['referrer-policy']).toBe('same-origin');
});

test('service answers are never sniffed', async ({ request }) => {
  const res = await request.get(`${BASE_URL}/api/health/`, {
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'meldeportal-e2e/1.0' },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
});

test('the portal works under its policy: sign-in and overview without a violation', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await signIn(page, 'demo');
  await expect(page).toHaveURL(/\/uebersicht/);
  expect(violations).toEqual([]);
});

/** One raw request on its own connection: the status line and the Location header. */
function raw(request: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(BASE_URL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = data.slice(0, end).split('\r\n');
      const location = lines.find((l) => /^location:/i.test(l))?.replace(/^location:\s*/i, '');
      resolve({ status: Number(lines[0]!.split(' ')[1]), location });
      socket.destroy();
    });
    socket.on('error', reject);
  });
}

test('an absolute-form request target never redirects to the host it names', async () => {
  for (const path of ['/', '/uebersicht', '/anmelden']) {
    const res = await raw(`GET http://evil.example${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status, path).toBeLessThan(500);
    expect(res.location ?? '', path).not.toContain('evil.example');
  }
  const star = await raw('OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n');
  expect(star.status).toBe(400);
  const trace = await raw('TRACE / HTTP/1.1\r\nHost: localhost\r\n\r\n');
  expect(trace.status).toBe(405);
});
