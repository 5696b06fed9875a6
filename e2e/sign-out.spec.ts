// "Abmelden" ends the session on the server: a copy of the session cookie taken before signing
// out (another tab, a shared computer, a stolen cookie) is refused afterwards.
import { expect, test } from '@playwright/test';
import { BASE_URL, SESSION_COOKIE } from './support/env';
import { signIn } from './support/portal';

test('after signing out, a copied session cookie no longer works', async ({ page, browser }) => {
  await signIn(page, 'demo');
  const copied = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)!;
  expect(copied).toBeDefined();

  // The copy works while the session lasts.
  const other = await browser.newContext({ baseURL: BASE_URL });
  await other.addCookies([copied]);
  const tab = await other.newPage();
  await tab.goto('/aufenthalte');
  await expect(tab).toHaveURL(/\/aufenthalte$/);

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/anmelden/);
  await expect(page.getByText('Sie haben sich abgemeldet.')).toBeVisible();

  // The copy is refused on pages, on actions' pages and on next-auth's own session route.
  await tab.goto('/aufenthalte');
  await expect(tab).toHaveURL(/\/anmelden/);
  await tab.goto('/uebersicht');
  await expect(tab).toHaveURL(/\/anmelden/);
  const session = await other.request.get(`${BASE_URL}/auth/session`);
  expect(await session.json()).toEqual({});
  await other.close();

  // Signing in again starts a new session that works.
  await signIn(page, 'demo');
  await page.goto('/aufenthalte');
  await expect(page).toHaveURL(/\/aufenthalte$/);
});
