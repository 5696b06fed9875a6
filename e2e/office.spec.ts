// The municipality's office (docs/decisions/030): staff signs in with password and TOTP (enrolled
// at the first sign-in, the code computed here with otpauth), a wrong code is refused, a recovery
// code works. Staff adds a tariff zone and its rate (033), creates a landlord, an object in that
// zone and an account, whose invitation mail arrives and whose link sets the landlord's password
// once (032); the landlord books a stay in the portal; a rate change from next month leaves its
// Kurtaxe as booked; the figures and the billing list show the Kurtaxe (031); the audit log lists
// the changes; a staff account is made and bound to one municipality (030); a
// landlord's session opens nothing of the office and the staff's nothing of the portal. axe on
// every page at desktop width and at 375 px. One staff account serves the run, so the flow runs
// in the desktop project and checks the phone width by resizing (a second project would race it
// for the enrolment and for the single-use TOTP step). A retry signs the enrolled staff in with a
// recovery code kept from the first attempt and makes its landlord under names of its own.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { serviceToken } from './support/api';
import { DATA_DIR, futureDate, receivedMails } from './support/env';
import { expectAccessible, formReady, signIn } from './support/portal';
import { ServiceClient } from './support/service-forms';

const STAFF = 'amt';
const PASSWORD = 'e2e office password';

const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
const otherThan = (right: string) => (right === '000000' ? '111111' : '000000');

/** axe at desktop width and at 375 px. */
async function accessibleAtBothWidths(page: Page, what: string) {
  await expectAccessible(page, `${what} (desktop)`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page, `${what} (375 px)`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow, `${what} fits 375 px`).toBe(false);
  await page.setViewportSize(size);
}

const HOHENWALD = 'Luftkurort Hohenwald';

/** The first of next month, Europe/Berlin: a rate change's "valid from". */
function firstOfNextMonth(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** A day `n` days before today, Europe/Berlin (YYYY-MM-DD). */
function berlinDaysAgo(n: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() - n * 86_400_000),
  );
}

/** Opens a settings section's "Hinzufügen" form `id`, fills it and adds. */
async function addSetting(
  page: Page,
  id: string,
  text: Record<string, string>,
  choices: Record<string, string> = {},
) {
  const form = page.locator(`details:has(#${id}-${Object.keys(text)[0]})`);
  if (!(await form.evaluate((d) => (d as HTMLDetailsElement).open)))
    await form.locator('summary').click();
  for (const [name, label] of Object.entries(choices))
    await page.locator(`#${id}-${name}`).selectOption({ label });
  for (const [name, value] of Object.entries(text))
    await page.locator(`#${id}-${name}`).fill(value);
  await form.getByRole('button', { name: 'Hinzufügen' }).click();
}

/** The staff's second factor, kept for a retry of this run (the enrolment shows it once). */
const ENROLLED = path.join(DATA_DIR, 'office-staff.json');
interface Enrolled {
  secret: string;
  codes: string[];
  used: number;
}
const enrolled = (): Enrolled | null =>
  existsSync(ENROLLED) ? (JSON.parse(readFileSync(ENROLLED, 'utf8')) as Enrolled) : null;
/** The next recovery code no attempt has used. */
function unusedRecoveryCode(): string {
  const state = enrolled()!;
  writeFileSync(ENROLLED, JSON.stringify({ ...state, used: state.used + 1 }));
  return state.codes[state.used]!;
}

async function passwordStep(page: Page) {
  await page.goto('/verwaltung');
  await expect(page).toHaveURL(/\/verwaltung\/anmelden/);
  await page.getByLabel('Benutzername').fill(STAFF);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Weiter' }).click();
}

test(
  'staff signs in with TOTP, configures a rate, invites a landlord who books; figures, billing and a rate change',
  { tag: '@desktop' },
  async ({ page, browser, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one staff account per run: see the top');
    test.setTimeout(600_000);

    // A retry's own names: the first attempt's landlord, zone and account stay in the database.
    const n = testInfo.retry ? String(testInfo.retry + 1) : '';
    const ZONE = `Amtszone${n && ` ${n}`}`;
    const LANDLORD = `Pension Amtsblick${n && ` ${n}`}`;
    const OBJECT = `Ferienwohnung Rathausblick${n && ` ${n}`}`;
    const USERNAME = `amtsblick${n}`;
    const ACCOUNT_MAIL = `amtsblick${n}-konto@example.test`;

    await page.goto('/verwaltung/anmelden');
    await accessibleAtBothWidths(page, 'office sign-in');
    await passwordStep(page);

    const earlier = enrolled();
    let secret: string;
    if (earlier) {
      // A retry: the staff enrolled in an earlier attempt, whose TOTP step may still be spent.
      secret = earlier.secret;
      await expect(page).toHaveURL(/\/verwaltung\/anmelden\/code/);
      await page.getByLabel('Code').fill(unusedRecoveryCode());
      await page.getByRole('button', { name: 'Anmelden' }).click();
    } else {
      // First sign-in: enrolment with the secret shown once; a wrong code is refused.
      await expect(page).toHaveURL(/\/verwaltung\/anmelden\/einrichten/);
      await accessibleAtBothWidths(page, 'enrolment');
      secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      await page.getByLabel('Code aus der App').fill(otherThan(code(secret)));
      await page.getByRole('button', { name: 'Einrichten und anmelden' }).click();
      await expect(page.getByText('Der Code passt nicht.', { exact: false })).toBeVisible();
      await page.getByLabel('Code aus der App').fill(code(secret));
      await page.getByRole('button', { name: 'Einrichten und anmelden' }).click();
      await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
      const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map(
        (c) => c.trim(),
      );
      expect(codes).toHaveLength(10);
      writeFileSync(ENROLLED, JSON.stringify({ secret, codes, used: 0 } satisfies Enrolled));
      await accessibleAtBothWidths(page, 'recovery codes');
      await page.getByRole('link', { name: 'Weiter zur Verwaltung' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Verwaltung', level: 1 })).toBeVisible();
    await accessibleAtBothWidths(page, 'office start');

    // The configuration (docs/decisions/033): a tariff zone of its own for the new landlord's
    // object, and its rate per night for adults, so the rate change below touches no other spec.
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Einstellungen' })
      .click();
    await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
    await page.getByLabel('Gemeinde').selectOption({ label: HOHENWALD });
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await addSetting(page, 'zone-new', { alias: ZONE });
    await addSetting(page, 'rate-new', { euro: 'zwei' }, { tarif: 'ERW – Erwachsene', zone: ZONE });
    await expect(page.locator('#rate-new-euro-error')).toBeVisible();
    await addSetting(page, 'rate-new', { euro: '1,50' }, { tarif: 'ERW – Erwachsene', zone: ZONE });
    // The page shows the new rate once the action's render is in (its <title> comes with it).
    await expect(page.getByRole('row', { name: new RegExp(`^ERW ${ZONE} `) })).toContainText(
      '1,50',
    );
    await accessibleAtBothWidths(page, 'settings');

    // A landlord, an object and an account.
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Vermieter' })
      .click();
    await expect(page.getByRole('heading', { name: 'Vermieter', level: 1 })).toBeVisible();
    await accessibleAtBothWidths(page, 'landlords list');
    await page.getByRole('link', { name: 'Vermieter anlegen' }).click();
    await accessibleAtBothWidths(page, 'new landlord');
    await page.getByRole('button', { name: 'Vermieter anlegen' }).click();
    await expect(page.locator('#landlord-alias-error')).toBeVisible();
    // The landlord of Hohenwald, whose zone the settings above added (the demo has three).
    await page.getByLabel('Gemeinde').selectOption({ label: HOHENWALD });
    await page.getByLabel('Bezeichnung').fill(LANDLORD);
    await page.getByLabel('Nachname').fill('Amtmann');
    await page.getByLabel('E-Mail').fill(`amtsblick${n}@example.test`);
    await page.getByLabel('Debitorennummer').fill('D-4711');
    await page.getByRole('button', { name: 'Vermieter anlegen' }).click();
    await expect(page).toHaveURL(/\/verwaltung\/vermieter\/\d+$/);
    await expect(page.getByRole('heading', { name: LANDLORD })).toBeVisible();
    await expect(page.locator('#angaben-debitor_nr')).toHaveValue('D-4711');

    await page.locator('#objekt-alias').fill(OBJECT);
    await page.locator('#objekt-tarifzone').selectOption({ label: ZONE });
    await page.locator('#objekt-anzahl_betten').fill('4');
    await page.getByRole('button', { name: 'Objekt anlegen' }).click();
    await expect(page.getByText(`${OBJECT} ·`, { exact: false })).toBeVisible();

    // The account gets its first password through a link by e-mail (docs/decisions/032).
    await page.locator('#konto-username').fill(USERNAME);
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect(page.locator('#konto-email-error')).toBeVisible();
    await page.locator('#konto-email').fill(ACCOUNT_MAIL);
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect(page.getByText(`${ACCOUNT_MAIL} · aktiv`)).toBeVisible();
    await accessibleAtBothWidths(page, 'landlord page');
    await expect.poll(() => receivedMails(ACCOUNT_MAIL).length, { timeout: 60_000 }).toBe(1);
    const mail = receivedMails(ACCOUNT_MAIL)[0]!;
    const link = /https?:\/\/\S+\/passwort\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
    // The sender marks it sent right after the server took it: the page shows it at a reload.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Einladung gesendet am', { exact: false })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });

    // The landlord sets the password (once), and signs in at the portal with it.
    const invited = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const landlordPage = await invited.newPage();
    await landlordPage.goto(link);
    await expect(landlordPage).toHaveURL(/\/passwort$/);
    await expect(landlordPage.getByRole('heading', { name: 'Passwort festlegen' })).toBeVisible();
    await accessibleAtBothWidths(landlordPage, 'set password');
    await landlordPage.getByLabel('Neues Passwort').fill('ein langes Passwort für den Amtsblick');
    await landlordPage
      .getByLabel('Passwort wiederholen')
      .fill('ein langes Passwort für den Amtsblick');
    await landlordPage.getByRole('button', { name: 'Passwort speichern' }).click();
    await landlordPage.waitForURL(/\/anmelden/);
    await signIn(landlordPage, USERNAME, 'ein langes Passwort für den Amtsblick');

    // The landlord books a stay in the portal: 2 nights x 1,50 € in the new zone.
    await landlordPage.goto('/aufenthalte/neu');
    await formReady(landlordPage);
    // An object without an address is offered by its name alone.
    await expect(landlordPage.getByLabel('Objekt').locator('option:checked')).toHaveText(OBJECT);
    await landlordPage.getByLabel('Anreise', { exact: true }).fill(futureDate(3, 10));
    await landlordPage.getByLabel('Abreise', { exact: true }).fill(futureDate(3, 12));
    const guest = landlordPage.getByTestId('guest-0');
    await guest.getByLabel('Vorname').fill('Amalia');
    await guest.getByLabel('Nachname').fill('Amtsgast');
    await guest.getByLabel('Herkunftsland').selectOption('DE');
    await guest.getByLabel('Staatsangehörigkeit').selectOption('DE');
    await landlordPage.getByRole('button', { name: 'Meldeschein buchen' }).click();
    await expect(landlordPage).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/, { timeout: 30_000 });
    const stay = landlordPage.url().replace(/\?.*$/, '');
    await expect(landlordPage.getByTestId('kurtaxe-total')).toHaveText(/^3,00\s€$/);

    // A rate change from next month leaves the booked form's Kurtaxe as it was.
    await page.goto('/verwaltung/einstellungen');
    await page.getByLabel('Gemeinde').selectOption({ label: HOHENWALD });
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await addSetting(
      page,
      'rate-new',
      { valid_from: firstOfNextMonth(), euro: '2,50' },
      { tarif: 'ERW – Erwachsene', zone: ZONE },
    );
    await expect(page.getByRole('cell', { name: firstOfNextMonth() }).first()).toBeVisible();
    await landlordPage.goto(stay);
    await expect(landlordPage.getByTestId('kurtaxe-total')).toHaveText(/^3,00\s€$/);

    await landlordPage.goto(link);
    await expect(
      landlordPage.getByText('Dieser Link gilt nicht mehr', { exact: false }),
    ).toBeVisible();
    await invited.close();

    // The figures of the stay's month show it by landlord, with its Kurtaxe.
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Zahlen' })
      .click();
    await expect(page.getByRole('heading', { name: 'Zahlen', level: 1 })).toBeVisible();
    await page.getByLabel('Gemeinde').selectOption({ label: HOHENWALD });
    await page.getByLabel('Zeitraum').selectOption('month');
    await page.getByLabel('Monat', { exact: true }).fill(futureDate(3, 10).slice(0, 7));
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    const figures = page.getByRole('row', { name: LANDLORD, exact: false });
    await expect(figures).toContainText('3,00');
    await accessibleAtBothWidths(page, 'figures');

    // Billing: a stay that departed this month (booked by the landlord's booking software) is
    // ready for billing with its Kurtaxe.
    const token = await serviceToken(request, USERNAME, 'ein langes Passwort für den Amtsblick');
    const service = await ServiceClient.forObject(request, token, OBJECT);
    const [arrived, departed] = [berlinDaysAgo(4), berlinDaysAgo(1)];
    const past = await service.book(arrived, departed, [{ tarif: 'Erwachsene' }], {});
    expect(past.verwendete_kurtaxe).toBe(4.5); // 3 nights x 1,50 €
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Abrechnung' })
      .click();
    await page.getByLabel('Abreisemonat').fill(departed.slice(0, 7));
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page.getByRole('row', { name: LANDLORD, exact: false })).toContainText('4,50');
    await accessibleAtBothWidths(page, 'billing');

    // An unknown id and an unknown page: the office's own "not found", in its frame, in German
    // and in English (an id of another municipality: tests/office/staff-scope.test.ts).
    for (const unknown of ['/verwaltung/vermieter/987654', '/verwaltung/gibt-es-nicht']) {
      const res = await page.goto(unknown);
      expect(res?.status(), unknown).toBe(404);
      await expect(page.getByRole('heading', { name: 'Nicht gefunden', level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Verwaltung' })).toBeVisible();
    }
    await accessibleAtBothWidths(page, 'not found');
    // The office's language cookie is the site's (path /), as the language switch sets it.
    const site = new URL('/', page.url()).href;
    await page.context().addCookies([{ name: 'lang', value: 'en', url: site }]);
    expect((await page.goto('/verwaltung/vermieter/987654'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Not found', level: 1 })).toBeVisible();
    await expect(page.getByText('There is no such page or entry in your office.')).toBeVisible();
    await page.context().addCookies([{ name: 'lang', value: 'de', url: site }]);

    // The list finds it by search.
    await page.goto('/verwaltung/vermieter?q=amtmann');
    await expect(page.getByRole('link', { name: LANDLORD, exact: true }).first()).toBeVisible();

    // The audit log lists the changes and who made them.
    await page.getByRole('link', { name: 'Protokoll' }).click();
    for (const action of [
      'beherberger.create',
      'objekt.create',
      'user.create',
      'user.invite',
      'user.password_set_by_link',
      'staff.enrol_second_factor',
    ]) {
      await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    }
    await accessibleAtBothWidths(page, 'audit log');

    // A staff account for the cash desk, invited by mail, then bound to Hohenwald (docs/decisions/030).
    await page
      .getByRole('navigation', { name: 'Verwaltung' })
      .getByRole('link', { name: 'Mitarbeitende' })
      .click();
    await expect(page.getByRole('heading', { name: 'Mitarbeitende', level: 1 })).toBeVisible();
    await page.locator('#mitarbeiter-username').fill(`kasse${n}`);
    await page.locator('#mitarbeiter-email').fill(`kasse${n}@example.test`);
    await page.getByLabel('Zahlen ansehen').check();
    await page.getByRole('button', { name: 'Mitarbeitende anlegen' }).click();
    await expect(page.getByText('Angelegt. Die Einladung ist unterwegs.')).toBeVisible();
    await page.locator('#gemeinde-form-gemeinde').selectOption({ label: HOHENWALD });
    await page.getByRole('button', { name: 'Gemeinde speichern' }).click();
    await expect(page.getByText('Gespeichert.')).toBeVisible();
    await expect(page.getByText(`Gemeinde: ${HOHENWALD}`, { exact: false })).toBeVisible();
    await accessibleAtBothWidths(page, 'staff member');

    // The guest card check is in the office's navigation.
    await page.getByRole('link', { name: 'Kurkarte prüfen' }).click();
    await accessibleAtBothWidths(page, 'card check');

    // The staff's session reaches nothing of the landlords' portal.
    await page.goto('/uebersicht');
    await expect(page).toHaveURL(/\/anmelden/);

    // A second browser: a wrong TOTP code is refused, a recovery code signs in, once.
    const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const second = await other.newPage();
    await passwordStep(second);
    await expect(second).toHaveURL(/\/verwaltung\/anmelden\/code/);
    await accessibleAtBothWidths(second, 'second factor');
    await second.getByLabel('Code').fill(otherThan(code(secret)));
    await second.getByRole('button', { name: 'Anmelden' }).click();
    await expect(second.getByText('Der Code ist falsch oder wurde schon verwendet.')).toBeVisible();
    await expect(second).toHaveURL(/\/verwaltung\/anmelden\/code/);
    // Going on without the second factor opens nothing.
    await second.goto('/verwaltung/vermieter');
    await expect(second).toHaveURL(/\/verwaltung\/anmelden/);
    await second.goto('/verwaltung/anmelden/code');
    await second.getByLabel('Code').fill(unusedRecoveryCode());
    await second.getByRole('button', { name: 'Anmelden' }).click();
    await expect(second.getByRole('heading', { name: 'Verwaltung', level: 1 })).toBeVisible();
    await other.close();

    // A landlord's session opens nothing of the office.
    const landlord = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const lp = await landlord.newPage();
    await signIn(lp, 'demo');
    await lp.goto('/verwaltung/vermieter');
    await expect(lp).toHaveURL(/\/verwaltung\/anmelden/);
    await landlord.close();
  },
);
