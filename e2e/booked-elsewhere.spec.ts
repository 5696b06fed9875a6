// Forms the portal did not book itself (issue 11): one booked through the API by the landlord's
// booking software appears in the stays list (the service's list/ extension), and a booking whose
// answer was lost is shown, not refused, when the form is sent again with the same request id.
import { expect, test } from '@playwright/test';
import { bookViaApi, serviceToken } from './support/api';
import { BASE_URL, futureDate } from './support/env';
import { expectAccessible, fillPerson, formReady, signIn } from './support/portal';

test('a form booked through the API appears in the stays list', async ({ page, request }, info) => {
  test.slow();
  const form = await bookViaApi(request, await serviceToken(request, 'multi'), {
    objekt: 'Hafenblick 2',
    arrival: futureDate(info.project.name === 'phone' ? 2 : 1, 11),
    departure: futureDate(info.project.name === 'phone' ? 2 : 1, 13),
    lastName: `Software${info.project.name}`,
  });
  await signIn(page, 'multi');
  // Never opened in the portal: the list brings it into the portal's index by itself.
  await page.goto('/aufenthalte');
  const link = page
    .getByRole('link', { name: `Meldeschein ${form.meldescheinnummer} öffnen` })
    .filter({ visible: true });
  await expect(link).toBeVisible();
  await expectAccessible(page, 'stays list with a form booked elsewhere');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/aufenthalte/${form.id}$`));
});

test('a booking whose answer was lost is shown when sent again', async ({
  page,
  request,
}, info) => {
  test.slow();
  const arrival = futureDate(info.project.name === 'phone' ? 2 : 1, 20);
  const departure = futureDate(info.project.name === 'phone' ? 2 : 1, 22);
  await signIn(page, 'multi');
  await page.goto('/aufenthalte/neu');
  await page.getByLabel('Objekt').selectOption({ label: 'Hafenblick 2 – Ostseebad Seeblick' });
  await page.getByRole('button', { name: 'Weiter' }).click();
  await formReady(page);
  // The first send reached the service and booked (here: the same request at the API), but its
  // answer never came back; the landlord sends the form again.
  const requestId = await page.locator('input[name=requestId]').inputValue();
  const token = await serviceToken(request, 'multi');
  const auth = {
    'Content-Type': 'application/json',
    'User-Agent': 'meldeportal-e2e/1.0',
    Authorization: `JWT ${token}`,
  };
  const config = (await (
    await request.get(`${BASE_URL}/api/users/get_current_user/`, { headers: auth })
  ).json()) as {
    beherberger: { objekte: { id: number; alias: string; tarifzone: { gemeinde: number } }[] }[];
    gemeinden: { id: number; tarife: { id: number }[] }[];
  };
  const objekt = config.beherberger
    .flatMap((b) => b.objekte)
    .find((o) => o.alias === 'Hafenblick 2')!;
  const gemeinde = config.gemeinden.find((g) => g.id === objekt.tarifzone.gemeinde)!;
  const first = await request.post(`${BASE_URL}/api/import/meldeschein/buchen/`, {
    headers: auth,
    data: {
      meta: { gemeinde: gemeinde.id, objekt: objekt.id, requestId, idempotent: true },
      meldescheine: [
        {
          personen: [
            {
              tarif_id: gemeinde.tarife[0]!.id,
              gast_type: 'person',
              arrival_date: arrival,
              departure_date: departure,
              Gast_Vorname: 'Lotte',
              Gast_Name: 'Lost',
              Gast_Geburtsdatum: '1980-05-01',
              Gast_Strasse: 'Hauptstraße 1',
              Gast_Postleitzahl: '10115',
              Gast_Wohnort: 'Berlin',
              Gast_Land: 'DE',
            },
          ],
        },
      ],
    },
  });
  expect(first.status()).toBe(200);
  const booked = ((await first.json()) as { meldescheine: { id: number }[] }).meldescheine[0]!;

  await page.getByLabel('Anreise', { exact: true }).fill(arrival);
  await page.getByLabel('Abreise', { exact: true }).fill(departure);
  await fillPerson(page, 0, { first: 'Lotte', last: 'Lost' });
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page).toHaveURL(new RegExp(`/aufenthalte/${booked.id}\\?gebucht=1`));
  await expect(page.getByText('Diese Anfrage wurde gerade schon gesendet.')).toHaveCount(0);
  // The guest list names the guest (the page's log names her too).
  await expect(
    page.getByText('Lotte Lost', { exact: true }).filter({ visible: true }),
  ).toBeVisible();
});
