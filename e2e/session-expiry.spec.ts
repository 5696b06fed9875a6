// An expired or refused service token brings the landlord back to sign-in with a message, and the
// registration form they were filling in is not lost.
import { expect, test } from '@playwright/test';
import { decode, encode } from 'next-auth/jwt';
import { BASE_URL, SESSION_COOKIE, futureDate, serverSecret } from './support/env';
import { fillPerson, formReady, signIn } from './support/portal';

test('a refused token keeps the form and asks to sign in again', async ({ page, context }) => {
  await signIn(page, 'demo');
  await page.goto('/aufenthalte/neu');
  await formReady(page);
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Dünenhaus (Am Deich 12, 18999 Dünenhagen)' });
  await page.getByLabel('Anreise', { exact: true }).fill(futureDate(5, 10));
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(5, 12));
  await fillPerson(page, 0, { first: 'Greta', last: 'Geduld' });

  // The service stops accepting the token (revoked, or its secret rotated): swap in one it refuses.
  const secret = serverSecret('NEXTAUTH_SECRET');
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!;
  const claims = (await decode({ token: cookie.value, secret }))!;
  const refused = await encode({
    token: { ...claims, credential: 'eyJhbGciOiJIUzI1NiJ9.e30.refused' },
    secret,
  });
  const { hostname } = new URL(BASE_URL);
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: refused,
      domain: hostname,
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
  ]);

  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page).toHaveURL(/\/anmelden/);
  await expect(page.getByText(/Ihre Sitzung ist abgelaufen/)).toBeVisible();
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('demo');
  await page.getByLabel('Passwort').fill('demo');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

  await expect(page).toHaveURL(/\/aufenthalte\/neu\?entwurf=1/);
  await expect(page.getByText('Ihre Eingaben von vorhin wurden wiederhergestellt.')).toBeVisible();
  await expect(page.getByLabel('Objekt')).toHaveValue(/\d+/);
  await expect(page.getByTestId('guest-0').getByLabel('Vorname')).toHaveValue('Greta');
  await expect(page.getByLabel('Anreise', { exact: true })).toHaveValue(futureDate(5, 10));
  await formReady(page);
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/);
});

test('an expired token on a page load: sign in again and come back to that page', async ({
  page,
  context,
}) => {
  await signIn(page, 'demo');
  const secret = serverSecret('NEXTAUTH_SECRET');
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!;
  const claims = (await decode({ token: cookie.value, secret }))!;
  const expired = await encode({
    token: { ...claims, credentialExp: Math.floor(Date.now() / 1000) - 60 },
    secret,
  });
  const { hostname } = new URL(BASE_URL);
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: expired,
      domain: hostname,
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
  ]);

  await page.goto('/aufenthalte?status=draft');
  await expect(page).toHaveURL(/\/anmelden\?/);
  await expect(page.getByText(/Ihre Sitzung ist abgelaufen/)).toBeVisible();
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('demo');
  await page.getByLabel('Passwort').fill('demo');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/aufenthalte\?status=draft$/);
});
