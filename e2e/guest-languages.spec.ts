// The guest's own language at 375 px: a phone whose browser asks for Polish gets the check-in in
// Polish (the page's `lang` says so, axe finds nothing), fills it in with Polish names, and reads
// the thank-you page in Polish; the language switch (no script: a disclosure and a post) changes
// the page's language and back.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { inviteToMoewennest, switchGuestLanguage } from './support/checkin-link';
import { futureDate } from './support/env';
import { expectAccessible, signIn } from './support/portal';

async function phone(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    timezoneId: 'Europe/Berlin',
    locale,
  });
  return context.newPage();
}

async function fitsThePhone(guest: Page): Promise<void> {
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
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
  await expect(guest).toHaveURL(/\/danke$/);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Dziękujemy!');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'pl');
  await expectAccessible(guest, 'thank-you page in Polish');
  await fitsThePhone(guest);
  await guest.context().close();
});
