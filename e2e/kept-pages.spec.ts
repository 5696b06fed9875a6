// Kept pages (decision 026): the stays list and the overview are served again without rendering
// while nothing they show changed. A kept page must be the page: its scripts run under the new
// answer's nonce, it speaks the language chosen since, it is gone the moment the landlord changes
// something, and it ends with the session. Other specs write to the same accounts at the same
// time (each write renders the pages anew), so a kept answer is waited for, not assumed.
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, SESSION_COOKIE } from './support/env';
import { signIn } from './support/portal';

const KEPT = 'kept;desc="kept page"';

/** Loads `path` until an answer comes kept (Server-Timing), and returns nothing else. */
async function loadUntilKept(page: Page, path: string): Promise<void> {
  await expect
    .poll(async () => (await page.goto(path))?.headers()['server-timing'] ?? 'rendered', {
      timeout: 30_000,
    })
    .toBe(KEPT);
}

test('a kept page runs its scripts, follows the language and any change, and ends with the session', async ({
  page,
  browser,
}) => {
  test.slow();
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) blocked.push(m.text());
  });
  await signIn(page, 'demo2');

  // Its scripts run: the app router took over the page (a click navigates in place).
  await loadUntilKept(page, '/aufenthalte');
  await expect(page.getByRole('heading', { name: 'Aufenthalte', level: 1 })).toBeVisible();
  await page.waitForFunction(() => 'next' in window);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await page.getByRole('link', { name: 'Heute' }).first().click();
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
  expect(blocked).toEqual([]);

  // The language chosen on a kept page is the language of the next answer, kept or not.
  await loadUntilKept(page, '/uebersicht');
  await page.getByRole('button', { name: 'Switch the portal to English' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await loadUntilKept(page, '/uebersicht');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Portal auf Deutsch umstellen' }).click();
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();

  // A change by the landlord (here: the list brought up to date) is never answered by the page
  // kept before it.
  await loadUntilKept(page, '/aufenthalte');
  await page.getByRole('button', { name: 'Status aktualisieren' }).click();
  await expect(
    page.getByText('Die Liste wurde mit dem Meldeschein-System abgeglichen.'),
  ).toBeVisible();
  const after = await page.goto('/aufenthalte');
  expect(after?.headers()['server-timing']).toBeUndefined();

  // Signing out: a copy of the cookie whose page was kept gets the sign-in page, not the page.
  const copied = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)!;
  const other = await browser.newContext({ baseURL: BASE_URL });
  await other.addCookies([copied]);
  const tab = await other.newPage();
  await loadUntilKept(tab, '/aufenthalte');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/anmelden/);
  await tab.goto('/aufenthalte');
  await expect(tab).toHaveURL(/\/anmelden/);
  await other.close();
});
