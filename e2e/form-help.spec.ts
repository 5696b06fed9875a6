// The guest form's help for a landlord: an error summary that names field and guest once each,
// guest 1's address in one tap, warnings before booking, and the whole stay's dates on the edit page.
import { expect, test } from '@playwright/test';
import { futureDate } from './support/env';
import {
  addGuest,
  expectAccessible,
  fillPerson,
  formReady,
  makeGroup,
  signIn,
} from './support/portal';
import { serviceToken } from './support/api';
import { ServiceClient } from './support/service-forms';

const daysFromToday = (n: number) =>
  new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test('error summary, copying the address and warnings before booking', async ({ page }) => {
  test.slow(); // many steps on one form
  await signIn(page, 'demo');
  await page.goto('/aufenthalte/neu');
  await formReady(page);
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
  await page.getByLabel('Anreise', { exact: true }).fill(futureDate(6, 10));
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(6, 8));
  await addGuest(page);
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();

  const summary = page.getByRole('list').filter({ hasText: 'Gast 1, Vorname' });
  const entries = await summary.getByRole('link').allTextContents();
  // Each problem once, named by guest and field, in the page's order; the date error once.
  expect(entries[0]).toBe('Abreise: Die Abreise muss nach der Anreise liegen.');
  expect(entries[1]).toBe('Gast 1, Vorname: Bitte ausfüllen.');
  expect(entries.filter((e) => e.includes('Abreise'))).toHaveLength(1);
  expect(new Set(entries).size).toBe(entries.length);
  expect(entries.indexOf('Gast 2, Vorname: Bitte ausfüllen.')).toBeGreaterThan(
    entries.indexOf('Gast 1, Land: Bitte ausfüllen.'),
  );
  await expectAccessible(page, 'form with the error summary');
  await summary.getByRole('link', { name: 'Gast 2, Nachname: Bitte ausfüllen.' }).click();
  await expect(page.getByTestId('guest-1').getByLabel('Nachname')).toBeFocused();

  // Guest 1's address for guest 2 in one tap.
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(6, 12));
  await fillPerson(page, 0, { first: 'Erika', last: 'Muster', birth: futureDate(1, 1) });
  const second = page.getByTestId('guest-1');
  await second.getByRole('button', { name: 'Adresse von Gast 1 übernehmen' }).click();
  await expect(second.getByLabel('Straße und Hausnummer')).toHaveValue('Hauptstraße 1');
  await expect(second.getByLabel('Postleitzahl')).toHaveValue('10115');
  await expect(second.getByLabel('Wohnort')).toHaveValue('Berlin');
  await expect(second.getByLabel('Land', { exact: true })).toHaveValue('DE');
  await expect(second.getByLabel('Vorname')).toHaveValue('');

  // Warnings before booking: a birth date ahead, 5 persons for 4 beds, an arrival long past.
  await makeGroup(page, 1, 4);
  await page.getByLabel('Anreise', { exact: true }).fill(daysFromToday(-10));
  await page.getByLabel('Abreise', { exact: true }).fill(daysFromToday(-8));
  const warnings = page.getByTestId('form-warnings');
  await expect(warnings).toContainText('5 Personen, aber das Objekt hat nur 4 Betten.');
  await expect(warnings).toContainText('Gast 1: Das Geburtsdatum liegt in der Zukunft.');
  await expect(warnings).toContainText('Gast 1: Die Anreise liegt mehr als 7 Tage zurück.');
  await expectAccessible(page, 'form with warnings');
  // Warnings, not blocks: the booking goes through.
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/);
});

test('the edit page changes the whole stay for all guests (an early departure)', async ({
  page,
  request,
}) => {
  const service = await ServiceClient.forObject(
    request,
    await serviceToken(request, 'demo'),
    'Möwennest',
  );
  const form = await service.book(futureDate(6, 20), futureDate(6, 25), [
    { tarif: 'Erwachsene' },
    { tarif: 'Erwachsene' },
  ]);
  await signIn(page, 'demo');
  await page.goto(`/aufenthalte/${form.id}/bearbeiten`);
  await formReady(page);
  await expect(page.getByRole('heading', { name: 'Aufenthalt aller Gäste' })).toBeVisible();
  await expect(page.getByLabel('Abreise', { exact: true })).toHaveValue(futureDate(6, 25));
  await expectAccessible(page, 'edit form with the stay dates');
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(6, 23));
  for (const i of [0, 1]) {
    await expect(page.getByTestId(`guest-${i}`).getByLabel('Abreise des Gasts')).toHaveValue(
      futureDate(6, 23),
    );
  }
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page).toHaveURL(/geaendert=1/);
  // 2 guests x 3 nights.
  await expect(page.getByTestId('nights')).toHaveText('6');
  const [saved] = await service.get([form.id]);
  expect(saved!.travel_span.uebernachtungen_sum).toBe(6);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("guest 1's address is copied by the server", async ({ page }) => {
    await signIn(page, 'demo');
    await page.goto('/aufenthalte/neu');
    await page
      .getByLabel('Objekt')
      .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
    await page.getByLabel('Anreise', { exact: true }).fill(futureDate(6, 3));
    await page.getByLabel('Abreise', { exact: true }).fill(futureDate(6, 5));
    await fillPerson(page, 0, { first: 'Erika', last: 'Muster' });
    await addGuest(page);
    await page
      .getByTestId('guest-1')
      .getByRole('button', { name: 'Adresse von Gast 1 übernehmen' })
      .click();
    const second = page.getByTestId('guest-1');
    await expect(second.getByLabel('Straße und Hausnummer')).toHaveValue('Hauptstraße 1');
    await expect(second.getByLabel('Wohnort')).toHaveValue('Berlin');
    await expect(second.getByLabel('Land', { exact: true })).toHaveValue('DE');
  });
});
