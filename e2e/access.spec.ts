// Who may see what: a wrong password is explained; a landlord cannot open another landlord's stay
// by URL (the service answers 404, and so does the portal); pages need a session.
import { expect, test } from '@playwright/test';
import { bookViaApi, serviceToken } from './support/api';
import { futureDate } from './support/env';
import { expectAccessible, signIn } from './support/portal';

test('a wrong password shows a message and keeps the username', async ({ page }) => {
  await page.goto('/anmelden');
  await expectAccessible(page, 'sign-in');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('demo');
  await page.getByLabel('Passwort').fill('falsch');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort ist falsch.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Benutzername oder E-Mail-Adresse')).toHaveValue('demo');
  await expect(page).toHaveURL(/\/anmelden/);
  await expectAccessible(page, 'sign-in with error');
});

test('a second landlord cannot open the first one’s stay', async ({ page, request }) => {
  const token = await serviceToken(request, 'demo');
  const form = await bookViaApi(request, token, {
    objekt: 'Möwennest',
    arrival: futureDate(9, 1),
    departure: futureDate(9, 3),
  });
  await signIn(page, 'demo2');
  for (const path of ['', '/bearbeiten', '/stornieren', '/nachdruck']) {
    const res = await page.goto(`/aufenthalte/${form.id}${path}`);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  }
  await expectAccessible(page, 'not found');
  const pdf = await page.request.get(`/aufenthalte/${form.id}/kurkarte`);
  expect(pdf.status()).toBe(404);
  await page.goto('/aufenthalte');
  await expect(page.getByText(form.meldescheinnummer)).toHaveCount(0);
  // demo2 has one object: the new form preselects it.
  await page.goto('/aufenthalte/neu');
  await expect(page.getByLabel('Objekt')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Objekt').locator('option:checked')).toHaveText(
    /^Haus Seeblick, Wohnung 1/,
  );
});

test('pages send strangers to sign in and back', async ({ page }) => {
  await page.goto('/aufenthalte/neu');
  await expect(page).toHaveURL(/\/anmelden\?.*callbackUrl=%2Faufenthalte%2Fneu/);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('anna@fewo-moewe.example');
  await page.getByLabel('Passwort').fill('demo');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/aufenthalte\/neu$/);
});

test('the portal speaks English on request', async ({ page }) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Switch the portal to English' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Your properties' })).toBeVisible();
  await expectAccessible(page, 'overview in English');
  await page.getByRole('button', { name: 'Portal auf Deutsch umstellen' }).click();
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
});
