// Correct figures and cards (issue 11): a stored guest card that no longer shows the form is
// never handed out (the page says so and offers the reprint), a cancelled stay has no card, and
// cancelled stays count as no money in the stays list.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readBack } from '../tests/kurkarte/pdf-tools';
import { bookViaApi, serviceToken } from './support/api';
import { BASE_URL, futureDate } from './support/env';
import { addGuest, euro, expectAccessible, fillPerson, formReady, signIn } from './support/portal';
import { ServiceClient } from './support/service-forms';

async function cardText(page: Page, formId: number): Promise<string[]> {
  const res = await page.request.get(`${BASE_URL}/aufenthalte/${formId}/kurkarte`, {
    maxRedirects: 0,
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return readBack(await res.body()).text;
}

test('an edited stay flags its stored card; the reprint shows the new guests', async ({
  page,
  request,
}, info) => {
  test.slow(); // many steps, each a round trip; the shared CI machine is slow
  const month = info.project.name === 'phone' ? 7 : 6;
  const form = await bookViaApi(request, await serviceToken(request, 'demo'), {
    objekt: 'Dünenhaus',
    arrival: futureDate(month, 21),
    departure: futureDate(month, 24),
    firstName: 'Karla',
    lastName: 'Kranich',
  });
  await signIn(page, 'demo');
  const stay = `/aufenthalte/${form.id}`;
  await page.goto(stay);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Kurkarte herunterladen (PDF)' }).click();
  await download;
  expect((await cardText(page, form.id)).join('\n')).toContain('Karla Kranich');

  // Edit: another first name and a second guest.
  await page.goto(`${stay}/bearbeiten`);
  await formReady(page);
  await page.getByTestId('guest-0').getByLabel('Vorname').fill('Greta');
  // Booked by a booking system without it: the portal asks every guest's nationality.
  await page.getByTestId('guest-0').getByLabel('Staatsangehörigkeit').selectOption('DE');
  await addGuest(page);
  await fillPerson(page, 1, { first: 'Paul', last: 'Pfeffer' });
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page).toHaveURL(/geaendert=1/);

  // The page flags the stored card and offers only the reprint; the card URL hands out nothing old.
  await expect(page.getByTestId('card-outdated')).toBeVisible();
  await expect(page.getByText('Die gespeicherte Kurkarte ist veraltet')).toBeVisible();
  await expect(page.getByRole('link', { name: /Gespeicherte Kurkarte herunterladen/ })).toHaveCount(
    0,
  );
  await expectAccessible(page, 'stay with an outdated card');
  const stale = await page.request.get(`${BASE_URL}${stay}/kurkarte`, { maxRedirects: 0 });
  expect(stale.status()).toBeGreaterThanOrEqual(300);
  expect(stale.status()).toBeLessThan(400);
  expect(stale.headers()['location']).toMatch(new RegExp(`${stay}$`));

  // The reprint asks first (each print counts), then fetches the card of the form as it is now.
  await page.getByRole('link', { name: 'Kurkarte neu drucken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kurkarte neu drucken?' });
  await expect(dialog).toContainText('zeigt nicht mehr die aktuellen Gäste');
  await dialog.getByRole('button', { name: 'Ja, neu drucken' }).click();
  await expect(page.getByTestId('card-outdated')).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: 'Gespeicherte Kurkarte herunterladen (PDF)' }),
  ).toBeVisible();
  const pages = await cardText(page, form.id);
  expect(pages).toHaveLength(2);
  expect(pages.join('\n')).toContain('Greta Kranich');
  expect(pages.join('\n')).toContain('Paul Pfeffer');
  expect(pages.join('\n')).not.toContain('Karla');
});

test(
  'a cancelled stay has no card and counts as no money',
  { tag: '@desktop' },
  async ({ page, request }, info) => {
    test.slow();
    // Each project its own month, in an object no other spec books for.
    const objekt = 'Hafenblick 2';
    const month = info.project.name === 'phone' ? 10 : 9;
    const service = await ServiceClient.forObject(
      request,
      await serviceToken(request, 'multi'),
      objekt,
    );
    const kept = await service.book(futureDate(month, 3), futureDate(month, 6), [
      { tarif: 'Erwachsene' },
    ]);
    const cancelled = await service.book(futureDate(month, 10), futureDate(month, 14), [
      { tarif: 'Erwachsene' },
      { tarif: 'Erwachsene' },
    ]);
    await signIn(page, 'multi');
    for (const f of [kept, cancelled]) await page.goto(`/aufenthalte/${f.id}`);
    const keptKurtaxe = await (async () => {
      await page.goto(`/aufenthalte/${kept.id}`);
      return (await page.getByTestId('kurtaxe-total').innerText()).trim();
    })();

    // Printed before it was cancelled: afterwards no card is offered, and its URL is gone.
    await page.goto(`/aufenthalte/${cancelled.id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Kurkarte herunterladen (PDF)' }).click();
    await download;
    await page.getByRole('link', { name: 'Meldeschein stornieren' }).click();
    await page
      .getByRole('dialog', { name: 'Meldeschein stornieren?' })
      .getByRole('button', { name: 'Ja, stornieren' })
      .click();
    await expect(page.getByText('Der Meldeschein wurde storniert.')).toBeVisible();
    await expect(page.getByTestId('kurtaxe-total')).toHaveText(/^0,00\s€ \(storniert/);
    await expect(page.getByRole('link', { name: /Kurkarte/ })).toHaveCount(0);
    await expectAccessible(page, 'cancelled stay');
    const gone = await page.request.get(`${BASE_URL}/aufenthalte/${cancelled.id}/kurkarte`);
    expect(gone.status()).toBe(410);
    await page.goto(`/aufenthalte/${cancelled.id}/kurkarte`);
    await expect(page.getByRole('heading', { name: 'Keine Kurkarte' })).toBeVisible();
    await expectAccessible(page, 'card of a cancelled stay');
    await expect(page.getByRole('link', { name: 'Zurück zum Meldeschein' })).toHaveAttribute(
      'href',
      `/aufenthalte/${cancelled.id}`,
    );

    // The list shows both; the totals hold only the kept stay.
    await page.goto('/aufenthalte');
    await page.getByText('Filter und Sortierung', { exact: true }).click();
    await page.getByLabel('Objekt').selectOption({ label: objekt });
    const y = new Date().getFullYear() + 1;
    await page.getByLabel('Anreisemonat').selectOption(`${y}-${String(month).padStart(2, '0')}`);
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/monat=/);
    const shown = (l: Locator) => l.filter({ visible: true });
    await expect(shown(page.getByText('Summe der 1 gefilterten Aufenthalte'))).toBeVisible();
    await expect(
      shown(page.getByText('Stornierte Aufenthalte (1) sind nicht mitgezählt.')),
    ).toBeVisible();
    await expect(shown(page.getByTestId('kurtaxe-cancelled'))).toHaveCount(1);
    if (info.project.name === 'desktop') {
      await expect(page.getByTestId('total-kurtaxe')).toHaveText(euro(keptKurtaxe));
      await expect(page.getByTestId('total-nights')).toHaveText('3');
    } else {
      const totals = page.locator('dl').filter({ hasText: 'Summe der 1' });
      await expect(totals).toContainText(keptKurtaxe.split(/\s/)[0]!);
    }
    await expectAccessible(page, 'stays list with a cancelled stay');
  },
);
