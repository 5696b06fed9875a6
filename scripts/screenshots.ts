// `npm run screenshots`: every portal page at a desktop and a 375 px phone viewport, into
// docs/screenshots/<page>-<desktop|phone>.png, the guest's check-in (a phone page) with the
// landlord's review and the guest's card page at 375 px, and the municipality's office at both
// widths. Starts its own production server with fresh demo data (its demo calendar included) and
// the office's first staff account, books a Dutch couple arriving today at the service (the
// arrival panel) and a sample stay through the form, and stops the server again. The phone is
// shot at one device pixel per CSS pixel, which keeps the committed PNGs small.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { inviteToMoewennest } from '../e2e/support/checkin-link';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium';
import { futureDate, germanDate } from '../e2e/support/env';
import { addGuest, fillPerson, makeGroup, signIn } from '../e2e/support/portal';
import { enrolOfficeStaff, OFFICE_STAFF } from '../e2e/support/office';
import { startPortal } from '../e2e/support/server';
import { bookArrivingToday, login } from '../bench/fixtures';
import { env } from '../lib/env';
import { addDays, berlinToday } from '../lib/wire/time';

const OUT = path.join(process.cwd(), 'docs', 'screenshots');
const VIEWPORTS: Record<'desktop' | 'phone', BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: {
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  },
};

async function shoot(page: Page, name: string, kind: string, fullPage = true): Promise<void> {
  await page.waitForLoadState('networkidle');
  const file = path.join(OUT, `${name}-${kind}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

/**
 * The landlord's pages. The sample stay is booked once, in the first viewport (`booked`: its page
 * then), so the coming stays and the statement show it once; returns the stay's page.
 */
async function tour(page: Page, kind: string, booked?: string): Promise<string> {
  await page.goto('/anmelden');
  await shoot(page, 'anmelden', kind);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('demo');
  await page.getByLabel('Passwort').fill('demo');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL('**/uebersicht');
  await shoot(page, 'uebersicht', kind);

  await page.goto('/aufenthalte/neu');
  await page.locator('form[data-hydrated]').waitFor();
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
  await page.getByLabel('Anreise', { exact: true }).fill(futureDate(7, 14));
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(7, 17));
  await fillPerson(page, 0, { first: 'Erika', last: 'Mustermann' });
  await addGuest(page);
  await fillPerson(page, 1, { first: 'Max', last: 'Mustermann', tarif: 'Kinder 6–15' });
  await addGuest(page);
  await makeGroup(page, 2, 3);
  await shoot(page, 'neu', kind);
  let detail = booked;
  if (detail) {
    await page.goto(`${detail}?gebucht=1`);
  } else {
    await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
    await page.waitForURL(/\/aufenthalte\/\d+\?gebucht=1/);
    detail = new URL(page.url()).pathname;
  }
  await shoot(page, 'aufenthalt', kind);

  await page.goto(`${detail}/bearbeiten`);
  await page.locator('form[data-hydrated]').waitFor();
  await shoot(page, 'bearbeiten', kind);
  await page.goto(detail);
  await page.getByRole('link', { name: 'Meldeschein stornieren' }).click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, 'stornieren', kind);
  await page.goto(`/abrechnung?monat=${futureDate(7, 1).slice(0, 7)}`);
  await shoot(page, 'abrechnung', kind);
  await page.goto('/aufenthalte');
  await shoot(page, 'aufenthalte', kind);
  await page.getByRole('button', { name: 'Switch the portal to English' }).click();
  await page.getByRole('heading', { name: 'Stays', level: 1 }).waitFor();
  await shoot(page, 'aufenthalte-en', kind);
  return detail;
}

/**
 * The guest's check-in on a phone (fresh contexts, no account): welcome with the privacy notice
 * (German, and English from the browser's language), the form with two travellers, the summary,
 * the confirmation, a refused link; then the landlord's list and review of what arrived.
 */
async function checkinTour(browser: Browser, baseURL: string): Promise<void> {
  const phone = { ...VIEWPORTS.phone, baseURL, timezoneId: 'Europe/Berlin' };
  const landlord = await (await browser.newContext({ ...phone, locale: 'de-DE' })).newPage();
  await signIn(landlord, 'demo');
  // Dates of their own: an invitation overlapping the tour's booked stays would join them.
  const [arrival, departure] = [futureDate(8, 10), futureDate(8, 13)];
  const link = await inviteToMoewennest(landlord, { arrival, departure, guests: 2 });

  const guestPage = async (locale: string) => {
    const page = await (await browser.newContext({ ...phone, locale })).newPage();
    await page.goto(link); // no script to wait for (decision 022)
    return page;
  };
  // The guest's mail address on the planned stay: booking then mails the card (the outbox).
  await landlord.goto('/aufenthalte/kommend');
  await landlord
    .getByTestId('coming-stays')
    .getByRole('listitem')
    .filter({ hasText: `${germanDate(arrival)} bis ${germanDate(departure)}` })
    .filter({ hasText: 'Eingeladen' })
    .first()
    .getByRole('link', { name: /^Einladung per E-Mail für Möwennest/ })
    .click();
  await landlord.getByLabel('E-Mail-Adresse des Gastes').fill('erika.beispiel@example.org');
  await landlord.getByRole('button', { name: 'Kontakt speichern' }).click();
  await landlord.getByText('Kontakt gespeichert.').waitFor();

  // The first screen a guest sees: the stay and the privacy notice before the form.
  const english = await guestPage('en-US');
  await shoot(english, 'checkin-en', 'phone', false);
  await english.context().close();
  const guest = await guestPage('de-DE');
  await shoot(guest, 'checkin-willkommen', 'phone', false);
  await fillPerson(guest, 0, { first: 'Erika', last: 'Beispiel' });
  await addGuest(guest);
  await fillPerson(guest, 1, { first: 'Max', last: 'Beispiel', birth: '2012-08-30' });
  await guest
    .getByTestId('guest-1')
    .getByLabel('Tarif')
    .selectOption({ label: 'Kinder von 6 bis 15 Jahren' });
  await guest.locator(':focus').blur(); // no focus ring on the last field typed in
  await shoot(guest, 'checkin-formular', 'phone');
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await guest.getByTestId('summary').waitFor();
  await shoot(guest, 'checkin-zusammenfassung', 'phone');
  await guest.getByRole('button', { name: 'Angaben senden' }).click();
  await guest.waitForURL('**/danke');
  await shoot(guest, 'checkin-danke', 'phone');

  await landlord.goto('/online-check-in');
  await shoot(landlord, 'online-check-in', 'phone');
  await landlord.getByRole('link', { name: 'Prüfen und buchen' }).click();
  await landlord.locator('form[data-hydrated]').waitFor();
  await shoot(landlord, 'online-check-in-pruefen', 'phone');
  await landlord.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await landlord.waitForURL(/\/aufenthalte\/\d+\?gebucht=1/);
  await landlord.context().close();

  // Booked: the guest's card on their phone (the PDF; wallet buttons where configured).
  await guest.goto(`${link}/karte`);
  await guest.getByRole('heading', { name: 'Ihre Gästekarte' }).waitFor();
  await shoot(guest, 'checkin-karte', 'phone');
  // A changed link: refused on a page that names no stay.
  await guest.goto(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  await shoot(guest, 'checkin-ungueltig', 'phone');
  await guest.context().close();
}

/**
 * The pages of what runs by itself, once the check-in tour left an invitation, a booking and
 * mails behind: the booking calendars (the demo's feed), the coming stays, the mail outbox; and
 * the settings and records pages: card payments, the records export.
 */
async function runsByItself(page: Page, kind: string): Promise<void> {
  await signIn(page, 'demo');
  await page.goto('/kalender');
  await page.getByTestId('calendar-feed').first().waitFor();
  await shoot(page, 'kalender', kind);
  await page.goto('/aufenthalte/kommend');
  await page.getByTestId('coming-stays').waitFor();
  await shoot(page, 'aufenthalte-kommend', kind);
  await page.goto('/postausgang');
  await page.getByRole('heading', { level: 1, name: 'Postausgang' }).waitFor();
  await shoot(page, 'postausgang', kind);
  await page.goto('/zahlungen');
  await page.getByRole('heading', { level: 1, name: 'Zahlungen' }).waitFor();
  await shoot(page, 'zahlungen', kind);
  await page.goto('/aufenthalte/meldescheine');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shoot(page, 'meldescheine-export', kind);
}

/**
 * The stay of the Dutch couple on its arrival day: the arrival panel, who signs, the ID check
 * (in a context runsByItself signed in).
 */
async function arrivalDay(page: Page, kind: string, stayId: number): Promise<void> {
  await page.goto(`/aufenthalte/${stayId}`);
  // The page's index action writes the arrival record and renders the panel.
  await page.getByTestId('arrival-panel').waitFor();
  await shoot(page, 'ankunft', kind);
}

/** The municipality's office (/verwaltung): its sign-in, then its pages as the staff sees them. */
async function office(page: Page, kind: string): Promise<void> {
  const pages: [string, string, string][] = [
    ['verwaltung', '/verwaltung', 'Verwaltung'],
    ['verwaltung-vermieter', '/verwaltung/vermieter', 'Vermieter'],
    ['verwaltung-einstellungen', '/verwaltung/einstellungen', 'Einstellungen'],
    ['verwaltung-zahlen', '/verwaltung/zahlen', ''],
    ['verwaltung-abrechnung', '/verwaltung/abrechnung', ''],
    ['verwaltung-protokoll', '/verwaltung/protokoll', 'Protokoll'],
  ];
  for (const [name, url, heading] of pages) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).waitFor();
    if (name === 'verwaltung-zahlen') {
      // The demo's stays are Seeblick's: this month holds the Dutch couple.
      await page.getByLabel('Gemeinde').selectOption({ label: 'Ostseebad Seeblick' });
      await page.getByRole('button', { name: 'Anzeigen' }).click();
      await page.waitForURL(/[?&]g=/);
    }
    await shoot(page, name, kind);
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const portal = await startPortal(env().SCREENSHOT_PORT, OFFICE_STAFF);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  let booked: string | undefined;
  try {
    // Before the tour, so the overview opens with today's arrival as a landlord meets it.
    const today = berlinToday();
    const arriving = await bookArrivingToday(
      portal.url,
      await login(portal.url),
      today,
      addDays(today, 3),
    );
    for (const [kind, options] of Object.entries(VIEWPORTS)) {
      console.log(kind);
      const context = await browser.newContext({
        ...options,
        baseURL: portal.url,
        locale: 'de-DE',
        timezoneId: 'Europe/Berlin',
      });
      booked = await tour(await context.newPage(), kind, booked);
      await context.close();
    }
    console.log('guest check-in');
    await checkinTour(browser, portal.url);
    for (const [kind, options] of Object.entries(VIEWPORTS)) {
      console.log(`${kind}: calendars, coming stays, outbox, payments, records, arrival day`);
      const context = await browser.newContext({
        ...options,
        baseURL: portal.url,
        locale: 'de-DE',
        timezoneId: 'Europe/Berlin',
      });
      await runsByItself(await context.newPage(), kind);
      await arrivalDay(await context.newPage(), kind, arriving);
      await context.close();
    }
    // The office: one sign-in (its TOTP code is good once), its cookies for both widths.
    const options = { baseURL: portal.url, locale: 'de-DE', timezoneId: 'Europe/Berlin' };
    const signInContext = await browser.newContext({ ...VIEWPORTS.desktop, ...options });
    const signInPage = await signInContext.newPage();
    await signInPage.goto('/verwaltung/anmelden');
    await shoot(signInPage, 'verwaltung-anmelden', 'desktop');
    await enrolOfficeStaff(signInPage);
    const storageState = await signInContext.storageState();
    await signInContext.close();
    for (const [kind, viewport] of Object.entries(VIEWPORTS)) {
      console.log(`${kind}: office`);
      const context = await browser.newContext({ ...viewport, ...options, storageState });
      await office(await context.newPage(), kind);
      await context.close();
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
