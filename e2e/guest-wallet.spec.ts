// The guest's card on the guest's phone (issue 20), at 375 px: the guest checks in, the landlord
// books, the phone that sent the party opens its card page with the PDF and both wallet buttons
// (this run's test credentials); another phone with the same link sees no card; after the
// landlord cancels, the card page says so.
import { expect, test } from '@playwright/test';
import { phone } from './support/arrival-day';
import { inviteToMoewennest, sendPartyOfOne, switchGuestLanguage } from './support/checkin-link';
import { futureDate, germanDate } from './support/env';
import { bookCheckin, expectAccessible, signIn } from './support/portal';

test.describe.configure({ timeout: 240_000 });

test('the guest card page: PDF and wallets on the sending phone only, cancelled afterwards', async ({
  page,
  browser,
}, info) => {
  // Each project its own stay, and its check-in found by the dates: other specs' check-ins for
  // Möwennest may wait in the same list (booking one of theirs failed both).
  const day = info.project.name === 'phone' ? 24 : 3;
  const [arrival, departure] = [futureDate(8, day), futureDate(8, day + 3)];
  await signIn(page, 'demo');
  const url = await inviteToMoewennest(page, { arrival, departure, guests: 1 });

  const guest = await phone(browser, 'de-DE');
  await guest.goto(url);
  await sendPartyOfOne(guest, { first: 'Ilse', last: 'Wallet', birth: '1970-05-06' });
  // Not booked yet: no card.
  await guest.goto(`${url}/karte`);
  await expect(guest.getByRole('heading', { name: 'Keine Gästekarte' })).toBeVisible();

  await page.goto('/online-check-in');
  const item = page
    .getByTestId('checkins')
    .getByRole('listitem')
    .filter({ hasText: `${germanDate(arrival)} – ${germanDate(departure)}` });
  const formId = await bookCheckin(
    page,
    item.getByRole('link', { name: 'Prüfen und buchen' }).first(),
  );

  // The sending phone: from the thank-you page to the card.
  await guest.goto(`${url}/danke`);
  await guest.getByRole('link', { name: 'Gästekarte ansehen' }).click();
  await expect(guest).toHaveURL(/\/karte$/);
  await expect(guest.getByRole('heading', { name: 'Ihre Gästekarte' })).toBeVisible();
  await expect(guest.getByText('Ilse Wallet')).toBeVisible();
  const apple = guest.getByRole('link', { name: /Zu Apple Wallet hinzufügen/ });
  const google = guest.getByRole('link', { name: /In Google Wallet speichern/ });
  await expect(apple).toBeVisible();
  // The portal's own address: it makes the save link when followed (issue 30).
  await expect(google).toHaveAttribute('href', /\/karte\/[0-9a-f-]{36}\.google$/);
  const save = await guest.context().request.get((await google.getAttribute('href'))!, {
    maxRedirects: 0,
  });
  expect(save.status()).toBe(303);
  expect(save.headers().location).toMatch(
    /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/,
  );
  await expectAccessible(guest, 'guest card page');
  const width = await guest.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  // The language switch posts to the page itself, which answers in the other language.
  await switchGuestLanguage(guest, 'English');
  await expect(guest).toHaveURL(/\/karte$/);
  await expect(guest.getByRole('heading', { name: 'Your guest card' })).toBeVisible();
  await expect(guest.locator('html')).toHaveAttribute('lang', 'en');
  await expectAccessible(guest, 'guest card page (en)');
  await switchGuestLanguage(guest, 'Deutsch');
  await expect(guest.getByRole('heading', { name: 'Ihre Gästekarte' })).toBeVisible();

  const pdfHref = await guest
    .getByRole('link', { name: 'Gästekarte als PDF' })
    .getAttribute('href');
  const pdf = await guest.context().request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const pass = await guest.context().request.get((await apple.getAttribute('href'))!);
  expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  expect((await pass.body()).subarray(0, 2).toString()).toBe('PK');

  // Another phone with the same link: no card, no names, no downloads.
  const other = await phone(browser, 'de-DE');
  await other.goto(`${url}/karte`);
  await expect(other.getByRole('heading', { name: 'Keine Gästekarte' })).toBeVisible();
  await expect(other.getByText('Ilse Wallet')).toHaveCount(0);
  expect((await other.context().request.get(pdfHref!)).status()).toBe(404);
  await other.context().close();

  // The landlord cancels: the card page says so.
  await page.goto(`/aufenthalte/${formId}`);
  await page.getByRole('link', { name: 'Meldeschein stornieren' }).click();
  await page
    .getByRole('dialog', { name: 'Meldeschein stornieren?' })
    .getByRole('button', { name: 'Ja, stornieren' })
    .click();
  await expect(page.getByText('Der Meldeschein wurde storniert.')).toBeVisible();
  await guest.goto(`${url}/karte`);
  await expect(guest.getByRole('heading', { name: 'Gästekarte storniert' })).toBeVisible();
  await expect(guest.getByText('Ilse Wallet')).toHaveCount(0);
  await expectAccessible(guest, 'cancelled guest card page');
  await guest.context().close();
});
