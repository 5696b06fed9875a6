// The service JWT lives only in the encrypted, HttpOnly session cookie: no page's HTML, no
// JavaScript chunk, no RSC payload and no next-auth endpoint may contain it.
import { expect, test, type Response } from '@playwright/test';
import { decode } from 'next-auth/jwt';
import { serviceToken } from './support/api';
import { SESSION_COOKIE, futureDate, serverSecret } from './support/env';
import { addGuest, fillPerson, formReady, signIn } from './support/portal';

const JWS = /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/;
const TEXTUAL = /html|javascript|json|text|x-component/;

test('the service JWT never reaches the browser', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const bodies = new Map<string, string>();
  const pending: Promise<void>[] = [];
  page.on('response', (res: Response) => {
    const type = res.headers()['content-type'] ?? '';
    if (!TEXTUAL.test(type) || res.status() >= 300) return;
    // A body still streaming when its page is left never completes: give each a deadline.
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, 10_000));
    const read = res
      .text()
      .then((text) => void bodies.set(`${res.request().method()} ${res.url()}`, text))
      .catch(() => {});
    pending.push(Promise.race([read, deadline]));
  });

  await page.goto('/anmelden');
  await signIn(page, 'demo');

  // The token of this session, decrypted from its cookie (as only the server can).
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, 'session cookie').toBeTruthy();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.secure).toBe(true);
  expect(cookie!.sameSite).toBe('Lax');
  const claims = await decode({ token: cookie!.value, secret: serverSecret('NEXTAUTH_SECRET') });
  const sessionToken = String(claims?.credential ?? '');
  expect(sessionToken).toMatch(JWS);
  // And a token fetched independently at the service, for the same user.
  const apiToken = await serviceToken(request, 'demo');

  // Visit every page, with a stay to show (booked through the form, so actions run too).
  await page.goto('/aufenthalte/neu');
  await formReady(page);
  await page.getByLabel('Anreise', { exact: true }).fill(futureDate(6, 2));
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(6, 4));
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
  await fillPerson(page, 0, { first: 'Lea', last: 'Leck' });
  await addGuest(page);
  await page.getByRole('button', { name: 'Gast 2 entfernen' }).click();
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/);
  const detail = new URL(page.url()).pathname;
  for (const path of [
    '/uebersicht',
    '/aufenthalte',
    `${detail}/bearbeiten`,
    `${detail}/stornieren`,
    `${detail}/nachdruck`,
    detail,
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Client-side navigation fetches RSC payloads rather than HTML.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Heute' })
    .click();
  await page.waitForURL('**/uebersicht');
  await page.waitForLoadState('networkidle');
  for (const path of ['/auth/session', '/auth/csrf', '/auth/providers']) await page.goto(path);
  await Promise.all(pending);

  const scripts = [...bodies.keys()].filter((k) => k.includes('/_next/static/'));
  expect(scripts.length, 'JavaScript chunks seen').toBeGreaterThan(3);
  expect(bodies.size).toBeGreaterThan(15);
  for (const [where, text] of bodies) {
    expect(text.includes(sessionToken), `session token in ${where}`).toBe(false);
    expect(text.includes(apiToken), `API token in ${where}`).toBe(false);
    expect(text.includes(sessionToken.split('.')[2]!), `token signature in ${where}`).toBe(false);
    expect(JWS.test(text), `a JWT-shaped string in ${where}`).toBe(false);
  }
  const session = bodies.get(`GET ${new URL('/auth/session', page.url()).href}`);
  expect(session && JSON.parse(session)).toEqual({
    expires: expect.any(String),
    user: { name: 'Anna Möller' },
  });
});
