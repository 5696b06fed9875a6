// Without JavaScript: sign in (a plain form post to next-auth), book through the server action
// (adding a guest is a round trip), cancel on the confirmation page. (axe needs JavaScript in the
// page; the same markup is checked with it in the other specs.)
import { expect, test } from '@playwright/test';
import { futureDate } from './support/env';
import { euro, fillPerson } from './support/portal';

test.use({ javaScriptEnabled: false });

test('sign in, book and cancel without JavaScript', async ({ page }) => {
  await page.goto('/anmelden');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('demo');
  await page.getByLabel('Passwort').fill('nope');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort ist falsch.' }),
  ).toBeVisible();

  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('demo');
  await page.getByLabel('Passwort').fill('demo');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/uebersicht/);

  await page.goto('/aufenthalte/neu');
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
  await page.getByLabel('Anreise', { exact: true }).fill(futureDate(10, 2));
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(10, 4));
  await fillPerson(page, 0, { first: 'Nora', last: 'Noscript' });
  await page.getByRole('button', { name: /Gast hinzufügen/ }).click();
  await expect(page.locator('fieldset.guest-card')).toHaveCount(2);
  await expect(page.getByTestId('guest-0').getByLabel('Vorname')).toHaveValue('Nora');
  // Guest 2 is a group of two: its personal fields are hidden by CSS, no script needed.
  await page.getByTestId('guest-1').getByLabel('Gruppe', { exact: true }).check();
  await expect(page.getByTestId('guest-1').getByLabel('Vorname')).toBeHidden();
  await page.getByTestId('guest-1').getByLabel('Anzahl Personen').fill('2');
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();

  // Two nights in the low season (Oktober, Zone I): 2 x 2,00 € + 2 x 2 x 2,00 € = 12,00 €.
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/);
  await expect(page.getByTestId('kurtaxe-total')).toHaveText(euro('12,00 €'));

  await page.getByRole('link', { name: 'Meldeschein stornieren' }).click();
  await expect(page).toHaveURL(/\/stornieren$/);
  await page.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByText('Der Meldeschein wurde storniert.')).toBeVisible();
});

test('validation errors come back from the server without JavaScript', async ({ page }) => {
  await page.goto('/anmelden');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('demo');
  await page.getByLabel('Passwort').fill('demo');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.goto('/aufenthalte/neu');
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
  await page.getByLabel('Anreise', { exact: true }).fill(futureDate(10, 4));
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(10, 2));
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page.getByText('Bitte prüfen Sie die markierten Felder.')).toBeVisible();
  const vorname = page.getByTestId('guest-0').getByLabel('Vorname');
  await expect(vorname).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#g0-Gast_Vorname-error')).toHaveText('Bitte ausfüllen.');
  await expect(page.locator('#departure-error')).toHaveText(
    'Die Abreise muss nach der Anreise liegen.',
  );
});
