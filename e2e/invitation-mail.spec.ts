// Issue 18 end to end at 375 px, in the normal run (embedded database, the run's real SMTP server
// of e2e/support/mail-server.ts): the landlord adds an Airbnb calendar link (a test HTTP server
// with the realistic feeds of tests/fixtures/ical), the planned stays show its dates; the
// landlord enters a guest's e-mail on the stay's page and sends; the invitation arrives at the
// SMTP server with a link that works; the guest checks in on a second phone; the landlord books
// the check-in and the planned stay shows booked. Another invited booking moves in the feed (its
// dates and link follow), then goes from it (its invitation is withdrawn, the link refused).
// The landlord `demo2` and its one object are used by no other calendar or invitation spec.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { sendPartyOfOne } from './support/checkin-link';
import { BASE_URL, receivedMails } from './support/env';
import { fixtureDay, icalFixture } from './support/ical';
import { bookCheckin, expectAccessible, signIn } from './support/portal';

test.skip(({ isMobile }) => !isMobile, 'the flow is the phone’s; one landlord, one object');
test.describe.configure({ timeout: 300_000 });

const OBJECT = 'Haus Seeblick, Wohnung 1';
const day = fixtureDay;
const airbnb = () => icalFixture('airbnb');

let feed = '';
let server: http.Server;
let base = '';
test.beforeAll(async () => {
  server = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(feed),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const card = (page: Page, from: string, to: string) =>
  page
    .getByTestId('coming-stays')
    .getByRole('listitem')
    .filter({ hasText: `${day(from)} bis ${day(to)}` });

/** From the coming stays to the stay's page: the guest's address saved and the invitation sent. */
async function invite(page: Page, from: string, to: string, email: string): Promise<string> {
  await page.goto('/aufenthalte/kommend');
  await card(page, from, to)
    .getByRole('link', { name: /^Einladung per E-Mail für/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Einladung per E-Mail' })).toBeVisible();
  // Typed and sent at once, as a landlord does: the address is saved with the sending.
  await page.getByLabel('E-Mail-Adresse des Gastes').fill(email);
  await page.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText('Die Einladung steht im Postausgang.')).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse des Gastes')).toHaveValue(email);
  await expect.poll(() => receivedMails(email).length, { timeout: 60_000 }).toBe(1);
  const mail = receivedMails(email)[0]!;
  const link = /https?:\/\/\S+\/checkin\/\S+/.exec(mail.text)![0];
  expect(mail.html).toContain(`href="${link}"`);
  return link.replace(/^https?:\/\/[^/]+/, BASE_URL);
}

/** Syncs the feed now; done when the object's calendar stays do (or no longer) list `dates`. */
async function syncNow(page: Page, dates: string, listed: boolean) {
  await page.goto('/kalender');
  const section = page.getByRole('region', { name: new RegExp(OBJECT) });
  await section
    .getByTestId('calendar-feed')
    .first()
    .getByRole('button', { name: /Jetzt abgleichen/ })
    .click();
  const stays = section.getByTestId('calendar-stays');
  await (listed ? expect(stays).toContainText(dates) : expect(stays).not.toContainText(dates));
}

test('a calendar booking is invited by e-mail, checked in and booked; moved and removed ones follow', async ({
  page,
  browser,
}) => {
  const run = Date.now();
  feed = airbnb();
  await signIn(page, 'demo2');
  await page.goto('/kalender');
  const section = page.getByRole('region', { name: new RegExp(OBJECT) });
  await section.getByLabel('Plattform').selectOption({ label: 'Airbnb' });
  await section.getByLabel(/Kalender-Link/).fill(`${base}/${run}/airbnb.ics`);
  await section.getByRole('button', { name: 'Kalender hinzufügen' }).click();
  await expect(page.getByText('Der Kalender wurde hinzugefügt und abgeglichen.')).toBeVisible();
  const stays = section.getByTestId('calendar-stays');
  await expect(stays).toContainText(`${day('2027-02-10')} – ${day('2027-02-15')}`);
  await expect(stays).toContainText(`${day('2027-03-31')} – ${day('2027-04-02')}`);

  await page.goto('/aufenthalte/kommend');
  await expect(card(page, '2027-02-10', '2027-02-15')).toContainText('aus dem Kalender');
  await expect(card(page, '2027-02-10', '2027-02-15')).toContainText('Geplant');

  // The invitation arrives at the SMTP server; its link opens the guest's check-in.
  const link = await invite(page, '2027-02-10', '2027-02-15', `gast-${run}@example.org`);
  await expectAccessible(page, "a calendar stay's invitation");
  const guest = await (
    await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })
  ).newPage();
  await guest.goto(link);
  await expect(guest.getByTestId('accommodation')).toContainText(OBJECT);
  await sendPartyOfOne(guest, { first: 'Erika', last: `Kalender${run}`, birth: '1979-03-02' });

  // The landlord books the check-in; the planned stay shows booked.
  await page.goto('/aufenthalte/kommend');
  await expect(card(page, '2027-02-10', '2027-02-15')).toContainText('Gäste eingecheckt');
  await card(page, '2027-02-10', '2027-02-15')
    .getByRole('link', { name: /Check-in prüfen und melden$/ })
    .click();
  const review = page
    .getByTestId('checkins')
    .getByRole('listitem')
    .filter({ hasText: OBJECT })
    .first()
    .getByRole('link', { name: 'Prüfen und buchen' });
  await bookCheckin(page, review);
  await page.goto('/aufenthalte/kommend');
  await expect(card(page, '2027-02-10', '2027-02-15').first()).toContainText('Gemeldet');

  // The booking mails the guest their card: its signed link opens it on a phone with no cookie.
  const email = `gast-${run}@example.org`;
  await expect.poll(() => receivedMails(email).length, { timeout: 60_000 }).toBe(2);
  const cardMail = receivedMails(email).find((m) => m.subject === 'Ihre Gästekarte')!;
  const cardLink = new URL(/https?:\/\/\S+\/karte\/\S+/.exec(cardMail.text)![0]);
  // It opens in the mail's language (German here), whatever the phone prefers.
  expect(cardLink.searchParams.get('lang')).toBe('de');
  const phone = await (
    await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })
  ).newPage();
  await phone.goto(`${BASE_URL}${cardLink.pathname}${cardLink.search}`);
  await expect(phone.getByRole('heading', { name: 'Ihre Gästekarte' })).toBeVisible();
  await expect(phone.getByText(`Erika Kalender${run}`)).toBeVisible();
  await expectAccessible(phone, 'mailed guest card page');
  const pdf = await phone
    .context()
    .request.get(
      (await phone.getByRole('link', { name: 'Gästekarte als PDF' }).getAttribute('href'))!,
    );
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // A changed signature opens nothing.
  const path = cardLink.pathname;
  const changed = path.slice(0, -1) + (path.endsWith('A') ? 'Q' : 'A');
  await phone.goto(`${BASE_URL}${changed}${cardLink.search}`);
  await expect(phone.getByRole('heading', { name: 'Keine Gästekarte' })).toBeVisible();
  await expect(phone.getByText(`Erika Kalender${run}`)).toHaveCount(0);
  await phone.context().close();

  // Another invited booking moves: the stay and its link follow the new dates.
  const moved = await invite(page, '2027-03-31', '2027-04-02', `gast2-${run}@example.org`);
  feed = airbnb()
    .replace(/DTSTART;VALUE=DATE:(\d{4})0331/, 'DTSTART;VALUE=DATE:$10401')
    .replace(/DTEND;VALUE=DATE:(\d{4})0402/, 'DTEND;VALUE=DATE:$10405');
  await syncNow(page, `${day('2027-04-01')} – ${day('2027-04-05')}`, true);
  await page.goto('/aufenthalte/kommend');
  await expect(card(page, '2027-04-01', '2027-04-05')).toContainText('Eingeladen');
  await guest.goto(moved);
  await expect(guest.getByTestId('accommodation')).toContainText(OBJECT);

  // It goes from the calendar: cancelled, its invitation withdrawn, the link refused.
  feed = airbnb().replace(
    /BEGIN:VEVENT\r\n(?:(?!END:VEVENT)[\s\S])*?0331[\s\S]*?END:VEVENT\r\n/,
    '',
  );
  expect(feed).not.toMatch(/DTSTART;VALUE=DATE:\d{4}0331/);
  await syncNow(page, `${day('2027-04-01')} – `, false);
  await page.goto('/aufenthalte/kommend');
  await expect(card(page, '2027-04-01', '2027-04-05')).toHaveCount(0);
  await guest.goto(moved);
  await expect(guest.getByText(OBJECT)).toHaveCount(0);
  await guest.context().close();
});
