// The stays list: the portal's own index, filtered by object, arrival month and state, with totals
// of the filtered rows. Each project books in its own month, so parallel runs do not mix.
import { expect, test, type Locator } from '@playwright/test';
import { bookViaApi, serviceToken } from './support/api';
import { futureDate } from './support/env';
import { expectAccessible, signIn } from './support/portal';

test('filter, sort and total the stays', { tag: '@desktop' }, async ({ page, request }, info) => {
  const month = info.project.name === 'phone' ? 3 : 2;
  const token = await serviceToken(request, 'demo');
  // Low season, Zone I, 2,00 € per night: 2 and 4 nights.
  const a = await bookViaApi(request, token, {
    objekt: 'Möwennest',
    arrival: futureDate(month, 3),
    departure: futureDate(month, 5),
    lastName: 'Alpha',
  });
  const b = await bookViaApi(request, token, {
    objekt: 'Möwennest',
    arrival: futureDate(month, 10),
    departure: futureDate(month, 14),
    lastName: 'Beta',
  });
  await signIn(page, 'demo');
  // Booked elsewhere (here: directly at the service): opening them adds them to the portal's index.
  for (const f of [a, b]) await page.goto(`/aufenthalte/${f.id}`);

  const y = new Date().getFullYear() + 1;
  await page.goto('/aufenthalte');
  // Filters wait behind one button, so a phone shows the stays first.
  await expect(page.getByLabel('Objekt')).toBeHidden();
  await page.getByText('Filter und Sortierung', { exact: true }).click();
  await page.getByLabel('Objekt').selectOption({ label: 'Möwennest' });
  await page.getByLabel('Anreisemonat').selectOption(`${y}-${String(month).padStart(2, '0')}`);
  await page.getByLabel('Status').selectOption({ label: 'Gemeldet' });
  await page.getByRole('button', { name: 'Anwenden' }).click();
  await expect(page).toHaveURL(/monat=/);
  await expectAccessible(page, 'filtered stays');

  const shown = (l: Locator) => l.filter({ visible: true });
  await expect(
    shown(page.getByRole('link', { name: `Meldeschein ${a.meldescheinnummer} öffnen` })),
  ).toBeVisible();
  await expect(
    shown(page.getByRole('link', { name: `Meldeschein ${b.meldescheinnummer} öffnen` })),
  ).toBeVisible();
  await expect(shown(page.getByText('Summe der 2 gefilterten Aufenthalte'))).toBeVisible();
  if (info.project.name === 'desktop') {
    await expect(page.getByTestId('total-nights')).toHaveText('6');
    await expect(page.getByTestId('total-kurtaxe')).toHaveText(/^12,00\s€$/);
    // Sorting by Kurtaxe (a header link): the dearer stay first.
    await page.getByRole('link', { name: 'Nach Kurtaxe sortieren' }).click();
    await expect(page).toHaveURL(/sortierung=kurtaxe-desc/);
    const numbers = await page.locator('table tbody tr td:first-child a').allTextContents();
    expect(numbers).toEqual([b.meldescheinnummer, a.meldescheinnummer]);
  } else {
    await expect(page.locator('dl').filter({ hasText: 'Summe der 2' })).toContainText('12,00');
  }

  await page.getByLabel('Status').selectOption({ label: 'Storniert' });
  await page.getByRole('button', { name: 'Anwenden' }).click();
  await expect(page.getByText('Keine Aufenthalte passen zu diesen Filtern.')).toBeVisible();
});

test(
  'objects in two municipalities: choose the object first, then its own fields',
  { tag: '@desktop' },
  async ({ page }) => {
    await signIn(page, 'multi');
    await page.goto('/aufenthalte/neu');
    await expect(page.getByText(/Wählen Sie zuerst das Objekt/)).toBeVisible();
    await expectAccessible(page, 'object chooser');
    await page.getByLabel('Objekt').selectOption({ label: 'Waldhütte – Luftkurort Hohenwald' });
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByText('Gemeinde: Luftkurort Hohenwald')).toBeVisible();
    // Hohenwald's own fields: a checkbox and a number, no street.
    const guest = page.getByTestId('guest-0');
    await expect(guest.getByLabel('Anreise mit der Bahn')).toBeVisible();
    await expect(guest.getByLabel('Anzahl Hunde')).toBeVisible();
    await expect(guest.getByLabel('Straße und Hausnummer')).toHaveCount(0);
    await expect(page.locator('form[data-hydrated]')).toBeVisible();
    await page.getByLabel('Anreise', { exact: true }).fill(futureDate(4, 1));
    await page.getByLabel('Abreise', { exact: true }).fill(futureDate(4, 3));
    await guest.getByLabel('Vorname').fill('Wanda');
    await guest.getByLabel('Nachname').fill('Wald');
    await guest.getByLabel('Herkunftsland').selectOption('AT');
    // The nationality decides the BMG form, and a foreign guest's form names the passport or ID
    // (BMG § 30(2), decision 028).
    await guest.getByLabel('Staatsangehörigkeit').selectOption('AT');
    await guest.getByLabel('Ausweisnummer').fill('P1234567');
    await guest.getByLabel('Anreise mit der Bahn').check();
    await guest.getByLabel('Anzahl Hunde').fill('zwei');
    await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
    await expect(guest.getByText('Bitte eine Zahl eingeben.')).toBeVisible();
    await guest.getByLabel('Anzahl Hunde').fill('2');
    await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
    // 2 nights x 2,20 €.
    await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/);
    await expect(page.getByTestId('kurtaxe-total')).toHaveText(/^4,40\s€$/);
  },
);
