// The public page behind the guest card's QR code: a controller sees whether the card is genuine
// and valid, the municipality, stay and persons — and none of the guest's personal data.
import { expect, test } from '@playwright/test';
import { signCardId } from '../lib/service/kurkarte/card-id';
import { serviceToken } from './support/api';
import { BASE_URL, futureDate, germanDate, serverSecret } from './support/env';
import { firstLoad } from './support/first-load';
import { expectAccessible } from './support/portal';

interface Booked {
  meldescheine: { id: number; personen: { id: number }[] }[];
}

test('the QR page shows a genuine card without personal data and refuses a forged one', async ({
  page,
  request,
}) => {
  const token = await serviceToken(request, 'demo');
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'meldeportal-e2e/1.0',
    Authorization: `JWT ${token}`,
  };
  const arrival = futureDate(8, 10);
  const departure = futureDate(8, 14);
  // append_pdf prints the card, so the server holds its card secret from here on.
  const res = await request.post(`${BASE_URL}/api/import/meldeschein/buchen/`, {
    headers,
    data: {
      meta: { gemeinde: 1, objekt: 1 },
      params: { append_pdf: true },
      meldescheine: [
        {
          personen: [
            {
              tarif_id: 1,
              gast_type: 'gruppe',
              anzahl: 3,
              arrival_date: arrival,
              departure_date: departure,
            },
            {
              tarif_id: 1,
              gast_type: 'person',
              arrival_date: arrival,
              departure_date: departure,
              Gast_Vorname: 'Henrike',
              Gast_Name: 'Quandt-Vollmer',
              Gast_Geburtsdatum: '1971-02-03',
              Gast_Strasse: 'Geheimweg 7',
              Gast_Postleitzahl: '54321',
              Gast_Wohnort: 'Irgendwo',
              Gast_Land: 'DE',
            },
          ],
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const form = ((await res.json()) as Booked).meldescheine[0]!;
  const secret = serverSecret('CARD_SECRET');

  const group = signCardId({ formId: form.id, personId: form.personen[0]!.id }, secret);
  await page.goto(`/kurkarte/${group}`);
  await expect(page.getByRole('heading', { name: 'Noch nicht gültig' })).toBeVisible();
  await expect(page.getByText('Ostseebad Seeblick')).toBeVisible();
  await expect(page.getByText(`${germanDate(arrival)} – ${germanDate(departure)}`)).toBeVisible();
  await expectAccessible(page, 'card check');

  const person = signCardId({ formId: form.id, personId: form.personen[1]!.id }, secret);
  await page.goto(`/kurkarte/${person}`);
  const html = await page.content();
  for (const secretData of ['Henrike', 'Quandt', '1971', 'Geheimweg', 'Irgendwo']) {
    expect(html).not.toContain(secretData);
  }

  await page.goto(`/kurkarte/${person.slice(0, -2)}xx`);
  await expect(page.getByRole('heading', { name: 'Ungültige Karte' })).toBeVisible();
  await expect(page.getByText('Ostseebad Seeblick')).toHaveCount(0);
  await expectAccessible(page, 'forged card');
});

test('the card check speaks the controller’s browser language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/kurkarte/not-a-real-card');
  await expect(page.getByRole('heading', { name: 'Check a guest card' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unknown card' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('the card check is a page without script on the controller’s phone', async ({
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'scanned with a phone');
  // Served by the Pages Router without framework script (decision 022): before, 150 KB and more
  // of it React and Next's client runtime.
  const context = await browser.newContext({ ...info.project.use, locale: 'de-DE' });
  const load = await firstLoad(await context.newPage(), '/kurkarte/not-a-real-card');
  expect(load.scripts).toEqual([]);
  expect(load.total).toBeLessThanOrEqual(30 * 1024);
  await context.close();
});
