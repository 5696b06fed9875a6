// The guest's own language at 375 px: a phone whose browser asks for Polish gets the check-in in
// Polish (the page's `lang` says so, axe finds nothing), fills it in with Polish names, and reads
// the thank-you page in Polish; the language switch (no script: a disclosure and a post) changes
// the page's language and back. On the arrival day the Polish guest's pay section is Polish, the
// landlord's paper form prints German with Polish beside it and the names as typed, and the
// payment confirms the registration in Polish.
import { expect, test, type Page } from '@playwright/test';
import { readBack } from '../tests/kurkarte/pdf-tools';
import { berlinDay, connectStripe, phone } from './support/arrival-day';
import { inviteToMoewennest, switchGuestLanguage } from './support/checkin-link';
import { futureDate, germanDate } from './support/env';
import { bookCheckin, expectAccessible, signIn } from './support/portal';

test.describe.configure({ timeout: 600_000 });
const slow = expect.configure({ timeout: 90_000 });

async function fitsThePhone(guest: Page): Promise<void> {
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** The open form of a party of one, filled in Polish by Łucja, checked and sent. */
async function sendInPolish(guest: Page): Promise<void> {
  const g = guest.getByTestId('guest-0');
  await g.getByLabel('Imię (imiona)').fill('Łucja');
  await g.getByLabel('Nazwisko').fill('Wójcik-Żółć');
  await g.getByLabel('Data urodzenia').fill('1986-11-23');
  await g.getByLabel('Ulica i numer domu').fill('ul. Świętokrzyska 12');
  await g.getByLabel('Kod pocztowy').fill('00-916');
  await g.getByLabel('Miejscowość').fill('Łódź');
  await g.getByLabel('Kraj', { exact: true }).selectOption('PL');
  await expect(g.getByLabel('Kraj', { exact: true }).locator('option:checked')).toHaveText(
    'Polska',
  );
  const nationality = g.getByLabel('Obywatelstwo');
  if (await nationality.count()) await nationality.selectOption('PL');
  const doc = g.getByLabel('Numer paszportu lub dowodu osobistego');
  if (await doc.count()) await doc.fill('ZS1234567');
  await guest.getByRole('button', { name: 'Dalej: sprawdzenie danych' }).click();
  await expect(guest.getByRole('heading', { name: 'Prosimy sprawdzić swoje dane' })).toBeVisible();
  await expectAccessible(guest, 'the summary in Polish');
  await guest.getByRole('button', { name: 'Wyślij dane' }).click();
  await slow(guest).toHaveURL(/\/danke$/);
}

test('a Polish guest checks in in Polish, chosen by the browser and by the switch', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the guest side is phone-first');
  await signIn(page, 'demo');
  const url = await inviteToMoewennest(page, {
    arrival: futureDate(8, 3),
    departure: futureDate(8, 9),
    guests: 1,
  });

  const guest = await phone(browser, 'pl-PL');
  await guest.goto(url);
  await expect(guest.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Meldunek online');
  await expect(
    guest.getByRole('heading', { name: 'Do czego potrzebujemy Państwa danych' }),
  ).toBeVisible();
  await expectAccessible(guest, 'check-in in Polish');
  await fitsThePhone(guest);

  // The switch: English, and back to Polish; what was shown follows.
  await switchGuestLanguage(guest, 'English');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'en');
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Online check-in');
  await switchGuestLanguage(guest, 'Polski');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'pl');

  await sendInPolish(guest);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Dziękujemy!');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'pl');
  await expectAccessible(guest, 'thank-you page in Polish');
  await fitsThePhone(guest);
  await guest.context().close();
});

test('on the arrival day a Polish guest pays in Polish and signs a form in German and Polish', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the guest side is phone-first');
  await signIn(page, 'demo');
  await connectStripe(page);
  // A stay of its own (found by its dates in the check-in list).
  const [arrival, departure] = [berlinDay(), berlinDay(4)];
  const url = await inviteToMoewennest(page, { arrival, departure, guests: 1 });

  const guest = await phone(browser, 'pl-PL');
  await guest.goto(url);
  await sendInPolish(guest);

  await page.goto('/online-check-in');
  const open = page
    .getByTestId('checkins')
    .getByRole('listitem')
    .filter({ hasText: `${germanDate(arrival)} – ${germanDate(departure)}` })
    .getByRole('link', { name: 'Prüfen und buchen' });
  const formId = await bookCheckin(page, open.first());

  // The landlord's paper form for her: German with Polish beside it, her name as she typed it.
  await page.goto(`/aufenthalte/${formId}`);
  const signer = page.locator('[data-testid^=signer-]').filter({ hasText: 'Łucja' });
  const href = await signer
    .getByRole('link', { name: 'Meldeschein drucken (PDF)' })
    .getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const paper = readBack(new Uint8Array(await pdf.body()))
    .text.join(' ')
    .replace(/\s+/g, ' ');
  for (const text of [
    'Besonderer Meldeschein für Beherbergungsstätten',
    'Szczególna karta meldunkowa dla obiektów noclegowych',
    'Familienname Nazwisko',
    'Wójcik-Żółć',
    'ul. Świętokrzyska 12, 00-916 Łódź, Polen / Polska (PL)',
    'Unterschrift / Podpis',
    'Potwierdzam prawdziwość podanych danych.',
  ])
    expect(paper).toContain(text);

  // Her phone: the pay section in Polish, the Kurtaxe named in both.
  await guest.goto(url);
  await expect(guest.locator('html')).toHaveAttribute('lang', 'pl');
  const offer = guest.locator('[data-payment-state=due]');
  await expect(offer.getByRole('heading')).toHaveText('Potwierdzenie meldunku i opłata miejscowa');
  await expect(offer).toContainText('opłatę miejscową (Kurtaxe)');
  await expectAccessible(guest, 'the pay section in Polish');
  await fitsThePhone(guest);
  await offer
    .getByRole('link', { name: /^Potwierdź meldunek i zapłać opłatę miejscową \(/ })
    .click();
  await slow(guest).toHaveURL(/127\.0\.0\.1:\d+\/c\/pay\/cs_/);
  await guest.getByRole('button', { name: 'Pay', exact: true }).click();
  await guest.getByRole('button', { name: 'Complete authentication' }).click();
  await slow(guest).toHaveURL(/\/karte\?zahlung=zurueck&session_id=cs_/);
  await expect(guest.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(guest.locator('[data-payment-state=paid]')).toContainText(
    'Państwa meldunek jest potwierdzony.',
  );
  await expectAccessible(guest, 'the card page, paid, in Polish');
  await fitsThePhone(guest);
  await guest.context().close();
});
