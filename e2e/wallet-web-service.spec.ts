// Apple's pass web service and the Google button through the production server (`npm start`, as
// a phone reaches them; issue 30): a guest's pass registers a device for updates, lists and
// serves the pass, takes a log line, and unregisters with DELETE, after which the device has no
// pass to update. The front door once answered that DELETE with 405 (only `next dev` passed it),
// so phones stayed registered and kept getting pushes. After the landlord cancels, the Google
// button no longer leads to a save link. The protocol does not depend on the viewport: desktop only.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { inviteToMoewennest, sendPartyOfOne } from './support/checkin-link';
import { futureDate, germanDate } from './support/env';
import { formReady, signIn } from './support/portal';

test.describe.configure({ timeout: 240_000 });

interface PassJson {
  serialNumber: string;
  authenticationToken: string;
  passTypeIdentifier: string;
  webServiceURL: string;
}

/** The guest checks in, the landlord books; the card page's Apple pass and Google button. */
async function bookedGuestCard(page: Page, guest: Page) {
  const [arrival, departure] = [futureDate(9, 17), futureDate(9, 20)];
  await signIn(page, 'demo');
  const url = await inviteToMoewennest(page, { arrival, departure, guests: 1 });
  await guest.goto(url);
  await sendPartyOfOne(guest, { first: 'Piet', last: 'Push', birth: '1981-02-03' });
  await page.goto('/online-check-in');
  const item = page
    .getByTestId('checkins')
    .getByRole('listitem')
    .filter({ hasText: `${germanDate(arrival)} – ${germanDate(departure)}` });
  await item.getByRole('link', { name: 'Prüfen und buchen' }).first().click();
  await formReady(page);
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  // Booking prints the card with the service: on a busy machine longer than the usual 15 s.
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/, { timeout: 60_000 });
  const formId = Number(/\/aufenthalte\/(\d+)/.exec(page.url())![1]);
  await guest.goto(`${url}/karte`);
  await expect(guest.getByRole('heading', { name: 'Ihre Gästekarte' })).toBeVisible();
  const appleHref = await guest
    .getByRole('link', { name: /Zu Apple Wallet hinzufügen/ })
    .getAttribute('href');
  const googleHref = await guest
    .getByRole('link', { name: /In Google Wallet speichern/ })
    .getAttribute('href');
  const pkpass = await guest.context().request.get(appleHref!);
  expect(pkpass.status()).toBe(200);
  const files = unzipSync(new Uint8Array(await pkpass.body()));
  const pass = JSON.parse(new TextDecoder().decode(files['pass.json'])) as PassJson;
  return { formId, pass, googleHref: googleHref!, guestRequest: guest.context().request };
}

test('a device registers for a pass, and its DELETE unregisters it on the production server', async ({
  page,
  browser,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one walk of the protocol is enough');
  const guest = await (await browser.newContext({ locale: 'de-DE' })).newPage();
  const { formId, pass, googleHref, guestRequest } = await bookedGuestCard(page, guest);
  expect(new URL(pass.webServiceURL).pathname).toBe('/wallet');
  const device = `e2e-device-${Date.now()}`;
  const type = pass.passTypeIdentifier;
  const registration = `/wallet/v1/devices/${device}/registrations/${type}/${pass.serialNumber}`;
  const list = `/wallet/v1/devices/${device}/registrations/${type}`;
  const auth = { authorization: `ApplePass ${pass.authenticationToken}` };

  const registered = await request.post(registration, {
    headers: auth,
    data: { pushToken: `push-${device}` },
  });
  expect(registered.status()).toBe(201);
  const listed = await request.get(list);
  expect(listed.status()).toBe(200);
  expect(((await listed.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([
    pass.serialNumber,
  ]);
  const latest = await request.get(`/wallet/v1/passes/${type}/${pass.serialNumber}`, {
    headers: auth,
  });
  expect(latest.status()).toBe(200);
  expect(latest.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  const log = await request.post('/wallet/v1/log', { data: { logs: ['e2e: hello\nworld'] } });
  expect(log.status()).toBe(200);

  // DELETE reaches the route: without the pass's token it is refused there, with it it works.
  expect((await request.delete(registration)).status()).toBe(401);
  expect((await request.delete(registration, { headers: auth })).status()).toBe(200);
  // The device holds no pass any more: nothing to update, so no push goes to it.
  expect((await request.get(list)).status()).toBe(204);
  // Methods the protocol does not use stay refused by the front door.
  expect((await request.fetch(registration, { method: 'PUT', headers: auth })).status()).toBe(405);

  // The Google button leads through the portal to a save link made now...
  const save = await guestRequest.get(googleHref, { maxRedirects: 0 });
  expect(save.status()).toBe(303);
  expect(save.headers().location).toMatch(
    /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/,
  );
  // ...until the landlord cancels: then to nothing, and the pass is voided.
  await cancel(page, formId);
  expect((await guestRequest.get(googleHref, { maxRedirects: 0 })).status()).toBe(404);
  await expectVoided(request, auth, type, pass.serialNumber);
  await guest.context().close();
});

async function cancel(page: Page, formId: number) {
  await page.goto(`/aufenthalte/${formId}`);
  await page.getByRole('link', { name: 'Meldeschein stornieren' }).click();
  await page
    .getByRole('dialog', { name: 'Meldeschein stornieren?' })
    .getByRole('button', { name: 'Ja, stornieren' })
    .click();
  await expect(page.getByText('Der Meldeschein wurde storniert.')).toBeVisible();
}

/** The phone that still asks for the pass gets it voided. */
async function expectVoided(
  request: APIRequestContext,
  auth: Record<string, string>,
  type: string,
  serial: string,
) {
  const res = await request.get(`/wallet/v1/passes/${type}/${serial}`, { headers: auth });
  expect(res.status()).toBe(200);
  const files = unzipSync(new Uint8Array(await res.body()));
  expect(JSON.parse(new TextDecoder().decode(files['pass.json']))).toMatchObject({ voided: true });
}
