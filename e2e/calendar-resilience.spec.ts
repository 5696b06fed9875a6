// Calendars fail loudly, never silently (issue 30), through the production server at both
// viewports. A booking leaves the calendar: its stay is cancelled and the guest's link refused;
// it comes back: the stay is invited again and the same link works. A calendar that suddenly
// answers empty: the stays remain, the landlord reads why and confirms, then they go. The feeds
// come from a test HTTP server (CALENDAR_ALLOW_PRIVATE=1, playwright.config.ts); the invitation
// mail from the run's SMTP server. Dates in September and November of next year, which no other
// spec gives these objects (an overlapping form would make a calendar stay booked).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, futureDate, germanDate, receivedMails } from './support/env';
import { expectAccessible, signIn } from './support/portal';

test.describe.configure({ timeout: 240_000 });

const feeds = new Map<string, string>();
let server: http.Server;
let base = '';
test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = feeds.get((req.url ?? '').split('?')[0]!);
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Each project its own landlord and object: the runs share one server. */
const SETUP = {
  phone: { user: 'multi', object: 'Waldhütte' },
  desktop: { user: 'demo', object: 'Möwennest' },
} as const;

interface Booking {
  uid: string;
  from: string;
  to: string;
}
const ical = (iso: string) => iso.replaceAll('-', '');
const calendar = (bookings: Booking[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Smoobu//Smoobu Calendar//DE',
    ...bookings.flatMap((b) => [
      'BEGIN:VEVENT',
      `UID:${b.uid}`,
      `DTSTART;VALUE=DATE:${ical(b.from)}`,
      `DTEND;VALUE=DATE:${ical(b.to)}`,
      `SUMMARY:Buchung ${b.uid}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const line = (b: Booking) => `${germanDate(b.from)} – ${germanDate(b.to)}`;

function feedItem(page: Page, object: string, platform: string) {
  return page
    .getByRole('region', { name: new RegExp(object) })
    .getByTestId('calendar-feed')
    .filter({ hasText: platform });
}

async function addFeed(page: Page, object: string, platform: string, url: string) {
  await page.goto('/kalender');
  const section = page.getByRole('region', { name: new RegExp(object) });
  await section.getByLabel('Plattform').selectOption({ label: platform });
  await section.getByLabel(/Kalender-Link/).fill(url);
  await section.getByRole('button', { name: 'Kalender hinzufügen' }).click();
  await expect(page.getByText('Der Kalender wurde hinzugefügt und abgeglichen.')).toBeVisible();
}

async function syncNow(page: Page, object: string, platform: string) {
  await page.goto('/kalender');
  await feedItem(page, object, platform)
    .getByRole('button', { name: /Jetzt abgleichen/ })
    .click();
  await expect(page.getByText('Der Kalender wurde abgeglichen.')).toBeVisible();
}

const stays = (page: Page, object: string) =>
  page.getByRole('region', { name: new RegExp(object) }).getByTestId('calendar-stays');

/** From the coming stays to the stay's page: the invitation sent; its link from the mail. */
async function invite(page: Page, b: Booking, email: string): Promise<string> {
  await page.goto('/aufenthalte/kommend');
  await page
    .getByTestId('coming-stays')
    .getByRole('listitem')
    .filter({ hasText: `${germanDate(b.from)} bis ${germanDate(b.to)}` })
    .getByRole('link', { name: /^Einladung per E-Mail für/ })
    .click();
  await page.getByLabel('E-Mail-Adresse des Gastes').fill(email);
  await page.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText('Die Einladung steht im Postausgang.')).toBeVisible();
  await expect.poll(() => receivedMails(email).length, { timeout: 60_000 }).toBe(1);
  const link = /https?:\/\/\S+\/checkin\/\S+/.exec(receivedMails(email)[0]!.text)![0];
  return link.replace(/^https?:\/\/[^/]+/, BASE_URL);
}

test('a booking that leaves the calendar and comes back keeps its guest link', async ({
  page,
  browser,
}, info) => {
  const { user, object } = SETUP[info.project.name as keyof typeof SETUP];
  const run = `${info.project.name}-${Date.now()}`;
  const bookings: Booking[] = [
    { uid: `${run}-x`, from: futureDate(9, 10), to: futureDate(9, 13) },
    { uid: `${run}-y`, from: futureDate(9, 14), to: futureDate(9, 17) },
    { uid: `${run}-z`, from: futureDate(9, 18), to: futureDate(9, 21) },
  ];
  const [, moved] = bookings as [Booking, Booking, Booking];
  feeds.set(`/${run}/smoobu.ics`, calendar(bookings));
  await signIn(page, user);
  await addFeed(page, object, 'Smoobu', `${base}/${run}/smoobu.ics?token=secret-${run}`);
  await expect(stays(page, object)).toContainText(line(moved));

  const link = await invite(page, moved, `gast-${run}@example.org`);
  const guest = await (await browser.newContext({ ...info.project.use })).newPage();
  await guest.goto(link);
  await expect(guest.getByTestId('accommodation')).toContainText(object);

  // One booking of three goes (an ordinary cancellation): the stay goes, the link is refused.
  feeds.set(`/${run}/smoobu.ics`, calendar(bookings.filter((b) => b !== moved)));
  await syncNow(page, object, 'Smoobu');
  await expect(stays(page, object)).not.toContainText(line(moved));
  await guest.goto(link);
  await expect(guest.getByTestId('accommodation')).toHaveCount(0);
  await expect(guest.getByText(object)).toHaveCount(0);

  // It comes back: the stay is invited again and the very same link works.
  feeds.set(`/${run}/smoobu.ics`, calendar(bookings));
  await syncNow(page, object, 'Smoobu');
  await expect(stays(page, object)).toContainText(
    `${line(moved)} · Buchung ${moved.uid} · eingeladen`,
  );
  await guest.goto(link);
  await expect(guest.getByTestId('accommodation')).toContainText(object);
  await expectAccessible(guest, 'the guest link after the booking came back');
  await guest.context().close();
});

test('a calendar that suddenly answers empty keeps the stays until the landlord confirms', async ({
  page,
}, info) => {
  const { user, object } = SETUP[info.project.name as keyof typeof SETUP];
  const run = `${info.project.name}-${Date.now()}`;
  const bookings: Booking[] = [
    { uid: `${run}-p`, from: futureDate(11, 5), to: futureDate(11, 8) },
    { uid: `${run}-q`, from: futureDate(11, 9), to: futureDate(11, 12) },
    { uid: `${run}-r`, from: futureDate(11, 13), to: futureDate(11, 16) },
  ];
  feeds.set(`/${run}/other.ics`, calendar(bookings));
  await signIn(page, user);
  await addFeed(page, object, 'Anderer Kalender', `${base}/${run}/other.ics`);
  for (const b of bookings) await expect(stays(page, object)).toContainText(line(b));

  // The platform answers a valid calendar without a single event.
  feeds.set(`/${run}/other.ics`, calendar([]));
  await syncNow(page, object, 'Anderer Kalender');
  for (const b of bookings) await expect(stays(page, object)).toContainText(line(b));
  const item = feedItem(page, object, 'Anderer Kalender');
  const notice = item.getByTestId('calendar-suspect');
  await expect(notice).toContainText('Dieser Kalender zeigt plötzlich viel weniger Buchungen');
  await expect(notice).toContainText('nur noch 0 statt 3 kommende Buchungen');
  await expect(notice).toContainText(
    'bleiben Ihre geplanten Aufenthalte und die Links Ihrer Gäste',
  );
  await expect(page.getByRole('status').filter({ hasText: 'Bitte prüfen' })).toBeVisible();
  await expectAccessible(page, 'the calendars page with a suspect calendar');

  // The landlord knows the guests cancelled and confirms: the stays go.
  await notice.getByRole('button', { name: /Stimmt: fehlende Buchungen stornieren/ }).click();
  await expect(page.getByText('Die fehlenden Buchungen wurden übernommen')).toBeVisible();
  for (const b of bookings) await expect(stays(page, object)).not.toContainText(line(b));
  await expect(
    feedItem(page, object, 'Anderer Kalender').getByTestId('calendar-suspect'),
  ).toHaveCount(0);
});
