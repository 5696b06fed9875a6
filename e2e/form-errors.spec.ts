// Errors on the form: the browser's own check (same schema as the server), and a refusal only the
// service knows about landing on the right field. The cancel confirmation also exists as a page.
import { expect, test } from '@playwright/test';
import { bookViaApi, serviceToken } from './support/api';
import { futureDate } from './support/env';
import { expectAccessible, fillPerson, formReady, signIn } from './support/portal';

test('client-side errors are announced and linked to their fields', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/aufenthalte/neu');
  await formReady(page);
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
  await page.getByLabel('Anreise', { exact: true }).fill(futureDate(6, 10));
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(6, 12));
  await page.getByTestId('guest-0').getByLabel('E-Mail').fill('kein-at-zeichen');
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page.getByText('Bitte prüfen Sie die markierten Felder.')).toBeVisible();
  const vorname = page.getByTestId('guest-0').getByLabel('Vorname');
  await expect(vorname).toHaveAttribute('aria-invalid', 'true');
  await expect(vorname).toHaveAccessibleDescription('Bitte ausfüllen.');
  await expect(page.getByTestId('guest-0').getByLabel('E-Mail')).toHaveAccessibleDescription(
    'Bitte eine gültige E-Mail-Adresse eingeben.',
  );
  await expectAccessible(page, 'form with errors');
  // The summary links to the field.
  await page.getByRole('link', { name: 'Bitte eine gültige E-Mail-Adresse eingeben.' }).click();
  await expect(page.getByTestId('guest-0').getByLabel('E-Mail')).toBeFocused();
});

// The form and the service apply one set of rules (lib/wire/guest-rules.ts), so the form already
// refuses what the service would, in the words the portal gives the service's detail code (the
// mapping of a service refusal onto its field is unit-tested in tests/portal/api.test.ts).
test('a stay longer than the service allows is refused on the field, in the same words', async ({
  page,
}) => {
  await signIn(page, 'demo');
  await page.goto('/aufenthalte/neu');
  await formReady(page);
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
  // 400 nights: the service allows at most 366.
  await page.getByLabel('Anreise', { exact: true }).fill(futureDate(1, 2));
  const y = new Date().getFullYear() + 2;
  await page.getByLabel('Abreise', { exact: true }).fill(`${y}-02-06`);
  await fillPerson(page, 0, { first: 'Langzeit', last: 'Gast' });
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page.getByText('Bitte prüfen Sie die markierten Felder.')).toBeVisible();
  const departure = page.getByTestId('guest-0').getByLabel('Abreise des Gasts');
  await expect(departure).toHaveAttribute('aria-invalid', 'true');
  await expect(departure).toHaveAccessibleDescription(
    'Ein Aufenthalt darf höchstens 366 Nächte dauern.',
  );
  await expectAccessible(page, 'form with a stay too long');
});

test('the cancel confirmation page, and a refused action explained', async ({ page, request }) => {
  const token = await serviceToken(request, 'demo');
  const form = await bookViaApi(request, token, {
    objekt: 'Möwennest',
    arrival: futureDate(11, 2),
    departure: futureDate(11, 4),
  });
  await signIn(page, 'demo');
  await page.goto(`/aufenthalte/${form.id}/stornieren`);
  await expectAccessible(page, 'cancel confirmation page');
  await page.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByText('Der Meldeschein wurde storniert.')).toBeVisible();
  // Editing a cancelled form is not offered; asking anyway gets the reason.
  await page.goto(`/aufenthalte/${form.id}/bearbeiten`);
  await expect(
    page.getByText('Im Status „Storniert“ kann der Meldeschein nicht mehr geändert werden.'),
  ).toBeVisible();
  await page.goto(`/aufenthalte/${form.id}?fehler=form_not_changeable`);
  await expect(
    page.getByText('Der Meldeschein kann in seinem jetzigen Status nicht mehr geändert werden.'),
  ).toBeVisible();
  await expectAccessible(page, 'detail with an error');
});
