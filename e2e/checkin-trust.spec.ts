// The guest check-in under issue 17, in the browser: a birth date in the future is pointed out in
// the summary before sending (with and without JavaScript); the landlord discards an invitation's
// party either letting the guests send again or withdrawing the invitation; and discards every
// party waiting at an object's code in one step. A form on another site cannot send a party or
// switch the language through the guest's pages (their posts are no server actions since
// decision 022: the page checks the origin itself).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { inviteToMoewennest } from './support/checkin-link';
import { BASE_URL, futureDate, germanDate } from './support/env';
import { expectAccessible, signIn } from './support/portal';

test.describe.configure({ timeout: 240_000 });

const FUTURE_BIRTH_WARNING = 'Gast 1: Das Geburtsdatum liegt in der Zukunft.';

/** A guest's phone: a fresh context without cookies, German, JavaScript as asked. */
async function guestPhone(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    javaScriptEnabled,
  });
  return context.newPage();
}

async function fillGuest(guest: Page, name: string, birth: string) {
  const first = guest.getByTestId('guest-0');
  await first.getByLabel('Vorname').fill(name);
  await first.getByLabel('Nachname').fill('Prüfer');
  await first.getByLabel('Geburtsdatum').fill(birth);
  await first.getByLabel('Straße und Hausnummer').fill('Am Deich 1');
  await first.getByLabel('Postleitzahl').fill('25980');
  await first.getByLabel('Wohnort').fill('Sylt');
  await first.getByLabel('Land', { exact: true }).selectOption('DE');
  await first.getByLabel('Staatsangehörigkeit').selectOption('DE');
}

async function sendParty(guest: Page, url: string, name: string, birth: string) {
  await guest.goto(url);
  await fillGuest(guest, name, birth);
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await expect(guest.getByTestId('summary')).toContainText(name);
  await guest.getByRole('button', { name: 'Angaben senden' }).click();
  await expect(guest).toHaveURL(/\/danke$/);
}

/** The landlord opens the waiting check-in of the stay arriving on `arrival`. */
async function openReview(page: Page, arrival: string) {
  await page.goto('/online-check-in');
  await page
    .getByTestId('checkins')
    .getByRole('listitem')
    .filter({ hasText: germanDate(arrival) })
    .getByRole('link', { name: 'Prüfen und buchen' })
    .click();
  await expect(page).toHaveURL(/\/online-check-in\/pruefen\//);
}

async function discard(page: Page, choice: string) {
  await page.getByRole('link', { name: choice }).click();
  await page.getByRole('dialog').getByRole('button', { name: choice }).click();
  await expect(page).toHaveURL(/\/online-check-in\?verworfen=1/);
  await expect(page.getByText('Der Check-in wurde verworfen.')).toBeVisible();
}

test('a future birth date is pointed out; a discarded party may send again or is withdrawn', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the guest side is phone-first');
  const arrival = futureDate(10, 3);
  await signIn(page, 'demo');
  const url = await inviteToMoewennest(page, { arrival, departure: futureDate(10, 6) });

  const guest = await guestPhone(browser);
  await guest.goto(url);
  await fillGuest(guest, 'Frieda', futureDate(12, 24));
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await expect(guest.getByTestId('summary-warnings')).toHaveText(FUTURE_BIRTH_WARNING);
  await expectAccessible(guest, 'guest summary with a warning');
  // Corrected before sending: the warning goes.
  await guest.getByRole('button', { name: 'Angaben ändern' }).click();
  await guest.getByTestId('guest-0').getByLabel('Geburtsdatum').fill('1990-12-24');
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await expect(guest.getByTestId('summary')).toBeVisible();
  await expect(guest.getByTestId('summary-warnings')).toHaveCount(0);
  await guest.getByRole('button', { name: 'Angaben senden' }).click();
  await expect(guest).toHaveURL(/\/danke$/);

  // Discarded, the guests may send again through the same invitation.
  await openReview(page, arrival);
  await expectAccessible(page, 'check-in review with the discard choices');
  await discard(page, 'Verwerfen, Gäste dürfen neu senden');
  await sendParty(guest, url, 'Greta', '1991-01-01');

  // Discarded and withdrawn: the link stops working.
  await openReview(page, arrival);
  await discard(page, 'Verwerfen und Einladung zurückziehen');
  await guest.goto(url);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Dieser Link gilt nicht mehr');
  await guest.context().close();
});

test('a future birth date is pointed out without JavaScript too', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the guest side is phone-first');
  await signIn(page, 'demo');
  const url = await inviteToMoewennest(page, {
    arrival: futureDate(10, 12),
    departure: futureDate(10, 14),
  });
  const guest = await guestPhone(browser, false);
  await guest.goto(url);
  await fillGuest(guest, 'Hanna', futureDate(11, 30));
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await expect(guest.getByTestId('summary')).toContainText('Hanna');
  await expect(guest.getByTestId('summary-warnings')).toHaveText(FUTURE_BIRTH_WARNING);
  await guest.context().close();
});

test('every party waiting at an object’s code is discarded in one step', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'one code per object, walked at 375 px');
  const object = 'Haus Seeblick, Wohnung 1';
  await signIn(page, 'demo2');
  await page.goto('/online-check-in');
  const make = page.getByRole('button', { name: new RegExp(`^QR-Code erstellen\\s*: ${object}$`) });
  if (await make.isVisible()) await make.click();
  else
    await page.getByRole('link', { name: new RegExp(`^Link und QR-Code\\s*: ${object}$`) }).click();
  await expect(page).toHaveURL(/\/online-check-in\/link\//);
  const url = await page.getByLabel('Link für Ihre Gäste').inputValue();

  // Two phones check in at the poster.
  for (const name of ['Ida', 'Jana']) {
    const guest = await guestPhone(browser);
    await guest.goto(url);
    await guest.getByLabel('Anreise', { exact: true }).fill(futureDate(8, 10));
    await guest.getByLabel('Abreise', { exact: true }).fill(futureDate(8, 12));
    await fillGuest(guest, name, '1985-05-05');
    await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
    await guest.getByRole('button', { name: 'Angaben senden' }).click();
    await expect(guest).toHaveURL(/\/danke$/);
    await guest.context().close();
  }

  await page.goto('/online-check-in');
  const label = `Alle 2 Check-ins über den QR-Code von ${object} verwerfen`;
  await page.getByRole('link', { name: label }).click();
  await page.getByRole('dialog').getByRole('button', { name: label }).click();
  await expect(page.getByText('2 Check-in(s) wurden verworfen.')).toBeVisible();
  await expect(page.getByText('Zurzeit liegen keine Check-ins vor.')).toBeVisible();
  await expectAccessible(page, 'check-ins page after discarding a code’s parties');
});

test('a form on another site can neither send a party nor switch the language', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the guest side is phone-first');
  const arrival = futureDate(10, 20);
  await signIn(page, 'demo');
  const url = await inviteToMoewennest(page, { arrival, departure: futureDate(10, 22) });
  const guest = await guestPhone(browser);
  await guest.goto(url);
  await fillGuest(guest, 'Ina', '1988-08-08');
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await expect(guest.getByTestId('summary')).toContainText('Ina');
  // Exactly what the guest's own page would post to send the party.
  const fields = await guest
    .locator('form[method=post]')
    .last()
    .evaluate((form) =>
      [...new FormData(form as HTMLFormElement)].map(([k, v]) => [k, String(v)] as const),
    );

  // 127.0.0.1 is another site than localhost: its forms post with that origin (Sec-Fetch-Site
  // cross-site), as any page on the web would.
  const evil = `http://127.0.0.1:${new URL(BASE_URL).port}/elsewhere.html`;
  const hidden = (k: string, v: string) =>
    `<input type="hidden" name="${k}" value="${v.replaceAll('"', '&quot;')}">`;
  await guest.route(evil, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>x</title>
        <form id="send" method="post" action="${url}">${fields.map(([k, v]) => hidden(k, v)).join('')}${hidden('intent', 'send')}<button>send</button></form>
        <form id="lang" method="post" action="${url}">${hidden('lang', 'en')}<button>lang</button></form>
        <form id="card-lang" method="post" action="${url}/karte">${hidden('lang', 'en')}<button>lang</button></form>`,
    }),
  );
  for (const [form, target] of [
    ['#send', url],
    ['#lang', url],
    ['#card-lang', `${url}/karte`],
  ] as const) {
    await guest.goto(evil);
    const answer = guest.waitForResponse((r) => r.request().method() === 'POST');
    await guest.locator(`${form} button`).click();
    expect((await answer).status(), form).toBe(403);
    await expect(guest, form).toHaveURL(target);
  }
  // Nothing was sent, and the pages still speak German.
  await guest.goto(url);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Online-Check-in');
  await expect(guest.getByText(/bereits gesendet/)).toHaveCount(0);
  await guest.goto(`${url}/karte`);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Keine Gästekarte');
  // The same party from the guest's own page goes through (then discarded: no party of this
  // spec waits in the list the other check-in specs read).
  await sendParty(guest, url, 'Ina', '1988-08-08');
  await openReview(page, arrival);
  await discard(page, 'Verwerfen und Einladung zurückziehen');
  await guest.context().close();
});
