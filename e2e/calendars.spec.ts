// Booking calendars (issue 18) at 375 px: the landlord adds the iCal links of Airbnb, Booking.com
// and VRBO, served by a test HTTP server with realistic feeds (tests/fixtures/ical); the planned
// stays show the right dates, the link only shortened; moved dates follow, a removed booking
// goes, a failing feed says why in words. Adding works without JavaScript too. The server runs
// with CALENDAR_ALLOW_PRIVATE=1 (playwright.config.ts) so it may fetch from 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { addDays, berlinToday } from '../lib/wire/time';
import { germanDate } from './support/env';
import { fixtureDay, icalFixture } from './support/ical';
import { expectAccessible, signIn } from './support/portal';

const day = fixtureDay;
const fixture = icalFixture;

const feeds = new Map<string, string | number>();
let server: http.Server;
let base = '';

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = feeds.get((req.url ?? '').split('?')[0]!);
    if (typeof body === 'string') res.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
    else res.writeHead(body ?? 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Each project its own landlord and object: the runs share one server. */
const SETUP = {
  phone: { user: 'demo', object: 'Dünenhaus' },
  desktop: { user: 'multi', object: 'Hafenblick 2' },
} as const;

async function addFeed(page: Page, object: string, platform: string, url: string, blocked = false) {
  const section = page.getByRole('region', { name: new RegExp(object) });
  await section.getByLabel('Plattform').selectOption({ label: platform });
  await section.getByLabel(/Kalender-Link/).fill(url);
  if (blocked) await section.getByLabel('Gesperrte Tage sind Buchungen').check();
  await section.getByRole('button', { name: 'Kalender hinzufügen' }).click();
  await expect(page.getByText('Der Kalender wurde hinzugefügt und abgeglichen.')).toBeVisible();
}

test('calendar links become planned stays; moved, removed and failing bookings follow', async ({
  page,
  browser,
}, info) => {
  const { user, object } = SETUP[info.project.name as keyof typeof SETUP];
  const run = `${info.project.name}-${Date.now()}`;
  feeds.set(`/${run}/airbnb.ics`, fixture('airbnb'));
  feeds.set(`/${run}/booking.ics`, fixture('booking'));
  feeds.set(`/${run}/vrbo.ics`, fixture('vrbo'));

  await signIn(page, user);
  // The calendars are in the settings' group of the navigation.
  await page.getByRole('link', { name: 'Einstellungen', exact: true }).click();
  await page.getByRole('link', { name: 'Kalender', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Buchungskalender', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the calendars page');
  const section = page.getByRole('region', { name: new RegExp(object) });
  const stays = section.getByTestId('calendar-stays');

  await addFeed(page, object, 'Airbnb', `${base}/${run}/airbnb.ics?s=very-secret-token`);
  await expect(stays).toContainText(`${day('2027-02-10')} – ${day('2027-02-15')}`);
  await expect(stays).toContainText(`${day('2027-03-31')} – ${day('2027-04-02')}`);
  await expect(stays).toContainText('HMQ4ZP8X2K · …4711');
  // Airbnb's "Not available" blocks are no stays.
  await expect(stays).not.toContainText(day('2027-03-01'));

  await addFeed(page, object, 'Booking.com', `${base}/${run}/booking.ics`, true);
  await expect(stays).toContainText(`${day('2027-03-20')} – ${day('2027-03-27')}`);
  await addFeed(page, object, 'VRBO / FeWo-direkt', `${base}/${run}/vrbo.ics`);
  await expect(stays).toContainText(`${day('2027-04-10')} – ${day('2027-04-17')}`);
  await expect(stays).not.toContainText(day('2027-05-01')); // VRBO's "Blocked"

  // The link is shown shortened only: the token never reaches the page.
  await expect(section.getByTestId('calendar-feed').first()).toContainText(
    `${base.replace('http://', '')}/…`,
  );
  expect(await page.content()).not.toContain('very-secret-token');
  await expectAccessible(page, 'the calendars page with feeds');

  // The guest moves the Airbnb booking; VRBO's booking is cancelled; Booking.com's link breaks.
  feeds.set(
    `/${run}/airbnb.ics`,
    fixture('airbnb')
      .replace(/DTSTART;VALUE=DATE:(\d{4})0331/, 'DTSTART;VALUE=DATE:$10401')
      .replace(/DTEND;VALUE=DATE:(\d{4})0402/, 'DTEND;VALUE=DATE:$10405'),
  );
  feeds.set(
    `/${run}/vrbo.ics`,
    fixture('vrbo').replace(/BEGIN:VEVENT[\s\S]*?Julia\r\nEND:VEVENT\r\n/, ''),
  );
  feeds.set(`/${run}/booking.ics`, 404);
  const feedItems = section.getByTestId('calendar-feed');
  const syncNow = (i: number) =>
    feedItems
      .nth(i)
      .getByRole('button', { name: /Jetzt abgleichen/ })
      .click();
  await syncNow(0);
  await expect(stays).toContainText(`${day('2027-04-01')} – ${day('2027-04-05')}`);
  await expect(stays).not.toContainText(`${day('2027-03-31')} – `);
  await syncNow(2);
  await expect(stays).not.toContainText(`${day('2027-04-10')} – `);
  await syncNow(1);
  // The failing feed says why, in words; its bookings stay.
  await expect(feedItems.nth(1)).toContainText('Der Server hat den Kalender verweigert (HTTP 404)');
  await expect(stays).toContainText(`${day('2027-03-20')} – ${day('2027-03-27')}`);

  // A link that is no web address is refused with a reason.
  await section.getByLabel(/Kalender-Link/).fill('ftp://example.org/cal.ics');
  await section.getByRole('button', { name: 'Kalender hinzufügen' }).click();
  await expect(page.getByText('Nur Links mit http:// oder https://')).toBeVisible();

  // Removing the Booking.com calendar cancels the stays only it listed.
  await page
    .getByRole('region', { name: new RegExp(object) })
    .getByTestId('calendar-feed')
    .nth(1)
    .getByRole('button', { name: /Entfernen/ })
    .click();
  await expect(page.getByText('Der Kalender wurde entfernt.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: new RegExp(object) }).getByTestId('calendar-stays'),
  ).not.toContainText(`${day('2027-03-20')} – `);

  // Without JavaScript: adding a calendar is a plain form post.
  const noScript = await browser.newContext({
    ...info.project.use,
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
  });
  const plain = await noScript.newPage();
  await plain.goto('/kalender');
  feeds.set(`/${run}/vrbo2.ics`, fixture('vrbo'));
  await addFeed(plain, object, 'VRBO / FeWo-direkt', `${base}/${run}/vrbo2.ics`);
  await expect(
    plain.getByRole('region', { name: new RegExp(object) }).getByTestId('calendar-stays'),
  ).toContainText(`${day('2027-04-10')} – ${day('2027-04-17')}`);
  await noScript.close();
});

test('the demo shows a booking calendar and its planned stays without internet', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'phone', 'reads the shared demo data once');
  await signIn(page, 'demo');
  await page.goto('/kalender');
  const section = page.getByRole('region', { name: /Möwennest/ });
  await expect(section.getByTestId('calendar-feed').first()).toContainText('demo:airbnb');
  const today = berlinToday();
  await expect(section.getByTestId('calendar-stays')).toContainText(
    `${germanDate(addDays(today, 3))} – ${germanDate(addDays(today, 7))}`,
  );
  await expect(section.getByTestId('calendar-stays')).toContainText('HMDEMO0001');
});
