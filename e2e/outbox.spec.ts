// The Postausgang: with SMTP configured (the e2e run's own server) no notice says it is missing,
// and it lists the mails; each
// object's automatic invitations are switched on and off, with the lead time checked, also
// without JavaScript; German and English; at 375 px nothing runs off the side; axe finds nothing.
// Someone else's (or a made-up) mail and planned stay are not found.
import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/env';
import { expectAccessible, signIn } from './support/portal';

// The object's setting is shared by this file's tests of one project (with and without
// JavaScript): they take turns, or one saves over the other's check.
test.describe.configure({ mode: 'serial' });

test('the outbox lists mails and switches automatic invitations per object', async ({
  page,
}, info) => {
  // Each project its own object: the setting is per object and the projects run side by side.
  const objekt = info.project.name === 'phone' ? 'Möwennest' : 'Dünenhaus';
  await signIn(page, 'demo');
  // The outbox is in the guests' group of the navigation.
  const nav = page.getByRole('navigation', { name: /Hauptnavigation|Main/ });
  await nav.getByRole('link', { name: 'Gäste' }).click();
  await nav.getByRole('link', { name: 'Postausgang' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Postausgang' })).toBeVisible();
  // The e2e server sends through the run's SMTP server (playwright.config.ts).
  await expect(page.getByText(/^Es ist kein Mailserver eingerichtet/)).toHaveCount(0);
  await expectAccessible(page, 'the outbox');

  const form = page.locator('form', { has: page.getByText(objekt, { exact: false }) }).first();
  await form.getByLabel('Automatisch einladen').check();
  await form.getByLabel('Tage vor der Anreise').fill('99');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte eine Zahl von 0 bis 60 eingeben.')).toBeVisible();
  await expect(page.getByLabel('Tage vor der Anreise').first()).toBeVisible();

  const again = page.locator('form', { has: page.getByText(objekt) }).first();
  await again.getByLabel('Automatisch einladen').check();
  await again.getByLabel('Tage vor der Anreise').fill('5');
  await again.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Einstellung gespeichert.')).toBeVisible();
  const saved = page.locator('form', { has: page.getByText(objekt) }).first();
  await expect(saved.getByText('(eingeschaltet)')).toBeVisible();
  await expect(saved.getByLabel('Tage vor der Anreise')).toHaveValue('5');
  await expect(saved.getByLabel('Automatisch einladen')).toBeChecked();
  await expectAccessible(page, 'the outbox after saving');

  if (info.project.name === 'phone') {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  }

  // English.
  await page.getByRole('button', { name: /English|Englisch/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByText(/^No mail server is set up/)).toHaveCount(0);
  await expectAccessible(page, 'the outbox in English');
  const en = page.locator('form', { has: page.getByText(objekt) }).first();
  await en.getByLabel('Invite automatically').uncheck();
  await en.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Setting saved.')).toBeVisible();
  await expect(
    page
      .locator('form', { has: page.getByText(objekt) })
      .first()
      .getByText('(off)'),
  ).toBeVisible();
});

test('switching without JavaScript', async ({ browser }, info) => {
  const objekt = info.project.name === 'phone' ? 'Möwennest' : 'Dünenhaus';
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
  const page = await context.newPage();
  await signIn(page, 'demo');
  await page.goto('/postausgang');
  const form = page.locator('form', { has: page.getByText(objekt) }).first();
  await form.getByLabel('Tage vor der Anreise').fill('3');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Einstellung gespeichert.')).toBeVisible();
  await expect(
    page
      .locator('form', { has: page.getByText(objekt) })
      .first()
      .getByLabel('Tage vor der Anreise'),
  ).toHaveValue('3');
  await context.close();
});

test('a made-up mail or planned stay is not found', async ({ page }) => {
  await signIn(page, 'demo');
  for (const path of [
    '/postausgang/00000000-0000-4000-8000-000000000000',
    '/postausgang/kein-uuid',
    '/aufenthalte/kommend/00000000-0000-4000-8000-000000000000',
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
  const html = await page.request.get('/postausgang/00000000-0000-4000-8000-000000000000/html');
  expect(html.status()).toBe(404);
});
