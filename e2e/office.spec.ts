// The municipality's office (docs/decisions/030), in tests that run side by side on the run's one
// staff account, signed in once per run (staffContext in e2e/support/office.ts; its session kept
// for every test and retry): a staff account invited by mail enrols its second factor at its first
// sign-in (the code computed here with otpauth), a wrong code is refused, a recovery code works
// once. Staff adds a tariff zone and its rate (033), creates a landlord, an object in that zone and
// an account, whose invitation mail arrives and whose link sets the landlord's password once (032);
// the landlord books a stay in the portal; a rate change from next month leaves its Kurtaxe as
// booked. The figures and the billing list show a landlord's Kurtaxe (031), the audit log lists
// the changes; a landlord's session opens nothing of the office and the staff's nothing of the
// portal. axe on every page at desktop width and at 375 px: the tests run in the desktop project
// and check the phone width by resizing. A retry makes its landlord and staff account under names
// of its own (the first attempt's stay in the database).
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { serviceToken } from './support/api';
import { futureDate } from './support/env';
import {
  landlordWithAccount,
  mailedLink,
  passwordStep,
  setPasswordByMail,
  staffContext,
  totp,
} from './support/office';
import { expectAccessible, formReady, signIn } from './support/portal';
import { ServiceClient } from './support/service-forms';

const otherThan = (right: string) => (right === '000000' ? '111111' : '000000');

/** Desktop only (the phone width by resizing), and a suffix for a retry's names. */
function desktopRun(testInfo: TestInfo): string {
  test.skip(testInfo.project.name !== 'desktop', 'one run of the office: see the top');
  // Flows of 10-20 pages with axe on each at two widths: over a minute on a busy machine.
  test.setTimeout(240_000);
  return testInfo.retry ? String(testInfo.retry + 1) : '';
}

/** A page of the run's staff session on the office's start page. */
async function staffPage(browser: Browser): Promise<{ office: BrowserContext; page: Page }> {
  const office = await staffContext(browser);
  const page = await office.newPage();
  await page.goto('/verwaltung');
  return { office, page };
}

/** Opens the office's page `name` through its navigation and waits for its heading (or not). */
async function viaNavigation(page: Page, name: string, heading: string | null = name) {
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name }).click();
  if (heading) await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

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

test(
  'a staff account invited by mail enrols its second factor at its first sign-in; a wrong code is refused, a recovery code signs in once',
  { tag: '@desktop' },
  async ({ browser }, testInfo) => {
    const n = desktopRun(testInfo);
    const STAFF = `kasse${n}`;
    const STAFF_MAIL = `kasse${n}@example.test`;
    const PASSWORD = 'ein langes Passwort für die Kasse';
    const { office, page } = await staffPage(browser);

    // A staff account for the cash desk, invited by mail, then bound to Hohenwald (decision 030).
    await viaNavigation(page, 'Mitarbeitende');
    await page.locator('#mitarbeiter-username').fill(STAFF);
    await page.locator('#mitarbeiter-email').fill(STAFF_MAIL);
    await page.getByLabel('Zahlen ansehen').check();
    await page.getByRole('button', { name: 'Mitarbeitende anlegen' }).click();
    await expect(page.getByText('Angelegt. Die Einladung ist unterwegs.')).toBeVisible();
    await page.locator('#gemeinde-form-gemeinde').selectOption({ label: HOHENWALD });
    await page.getByRole('button', { name: 'Gemeinde speichern' }).click();
    await expect(page.getByText('Gespeichert.')).toBeVisible();
    await expect(page.getByText(`Gemeinde: ${HOHENWALD}`, { exact: false })).toBeVisible();
    await accessibleAtBothWidths(page, 'staff member');
    await setPasswordByMail(browser, STAFF_MAIL, PASSWORD);

    // The first sign-in: the enrolment with the secret shown once; a wrong code is refused.
    const own = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const staff = await own.newPage();
    await staff.goto('/verwaltung');
    await expect(staff).toHaveURL(/\/verwaltung\/anmelden/);
    await accessibleAtBothWidths(staff, 'office sign-in');
    await passwordStep(staff, STAFF, PASSWORD);
    await expect(staff).toHaveURL(/\/verwaltung\/anmelden\/einrichten/);
    await accessibleAtBothWidths(staff, 'enrolment');
    const secret = (await staff.getByTestId('totp-secret').textContent())!.trim();
    await staff.getByLabel('Code aus der App').fill(otherThan(totp(secret)));
    await staff.getByRole('button', { name: 'Einrichten und anmelden' }).click();
    await expect(staff.getByText('Der Code passt nicht.', { exact: false })).toBeVisible();
    await staff.getByLabel('Code aus der App').fill(totp(secret));
    await staff.getByRole('button', { name: 'Einrichten und anmelden' }).click();
    await expect(staff.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    const codes = (await staff.getByTestId('recovery-codes').locator('li').allTextContents()).map(
      (c) => c.trim(),
    );
    await accessibleAtBothWidths(staff, 'recovery codes');
    await staff.getByRole('link', { name: 'Weiter zur Verwaltung' }).click();
    await expect(staff.getByRole('heading', { name: 'Verwaltung', level: 1 })).toBeVisible();
    await accessibleAtBothWidths(staff, 'office start');
    // The staff's session reaches nothing of the landlords' portal.
    await staff.goto('/uebersicht');
    await expect(staff).toHaveURL(/\/anmelden/);
    await own.close();

    // A second browser: a wrong TOTP code is refused, a recovery code signs in.
    const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const second = await other.newPage();
    await passwordStep(second, STAFF, PASSWORD);
    await expect(second).toHaveURL(/\/verwaltung\/anmelden\/code/);
    await accessibleAtBothWidths(second, 'second factor');
    await second.getByLabel('Code').fill(otherThan(totp(secret)));
    await second.getByRole('button', { name: 'Anmelden' }).click();
    await expect(second.getByText('Der Code ist falsch oder wurde schon verwendet.')).toBeVisible();
    await expect(second).toHaveURL(/\/verwaltung\/anmelden\/code/);
    // Going on without the second factor opens nothing.
    await second.goto('/verwaltung/vermieter');
    await expect(second).toHaveURL(/\/verwaltung\/anmelden/);
    await second.goto('/verwaltung/anmelden/code');
    await second.getByLabel('Code').fill(codes[0]!);
    await second.getByRole('button', { name: 'Anmelden' }).click();
    await expect(second.getByRole('heading', { name: 'Verwaltung', level: 1 })).toBeVisible();
    await other.close();

    // The same recovery code again: refused.
    const third = await (
      await browser.newContext({ baseURL: testInfo.project.use.baseURL })
    ).newPage();
    await passwordStep(third, STAFF, PASSWORD);
    await expect(third).toHaveURL(/\/verwaltung\/anmelden\/code/);
    await third.getByLabel('Code').fill(codes[0]!);
    await third.getByRole('button', { name: 'Anmelden' }).click();
    await expect(third.getByText('Der Code ist falsch oder wurde schon verwendet.')).toBeVisible();
    await third.context().close();

    // The audit log lists the staff account's changes.
    await page.goto('/verwaltung/protokoll');
    for (const action of [
      'staff.create',
      'staff.invite',
      'staff.password_set_by_link',
      'staff.enrol_second_factor',
      'staff.recovery_code_used',
    ]) {
      await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    }
    await office.close();
  },
);

test(
  "staff configures a zone and its rate; a rate change from next month leaves a booked Kurtaxe; figures, billing and the audit log show the landlord's",
  { tag: '@desktop' },
  async ({ browser, request }, testInfo) => {
    const n = desktopRun(testInfo);
    const ZONE = `Amtszone${n && ` ${n}`}`;
    const { office, page } = await staffPage(browser);

    // The configuration (docs/decisions/033): a tariff zone of its own for a new landlord's
    // object, and its rate per night for adults, so the rate change below touches no other test.
    await viaNavigation(page, 'Einstellungen');
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

    // A landlord with an object in the zone books a stay: 2 nights x 1,50 €.
    const landlord = await landlordWithAccount(page, browser, {
      landlord: `Pension Tarifblick${n && ` ${n}`}`,
      object: `Ferienwohnung Tarifblick${n && ` ${n}`}`,
      username: `tarifblick${n}`,
      gemeinde: HOHENWALD,
      zone: ZONE,
    });
    const token = await serviceToken(request, landlord.username, landlord.password);
    const service = await ServiceClient.forObject(request, token, landlord.object);
    const booked = await service.book(
      futureDate(3, 10),
      futureDate(3, 12),
      [{ tarif: 'Erwachsene' }],
      {},
    );
    expect(booked.verwendete_kurtaxe).toBe(3);

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
    const portal = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const landlordPage = await portal.newPage();
    await signIn(landlordPage, landlord.username, landlord.password);
    await landlordPage.goto(`/aufenthalte/${booked.id}`);
    await expect(landlordPage.getByTestId('kurtaxe-total')).toHaveText(/^3,00\s€$/);
    await portal.close();

    // The figures of the stay's month show it by landlord, with its Kurtaxe.
    await viaNavigation(page, 'Zahlen');
    await page.getByLabel('Gemeinde').selectOption({ label: HOHENWALD });
    await page.getByLabel('Zeitraum').selectOption('month');
    await page.getByLabel('Monat', { exact: true }).fill(futureDate(3, 10).slice(0, 7));
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page.getByRole('row', { name: landlord.landlord, exact: false })).toContainText(
      '3,00',
    );
    await accessibleAtBothWidths(page, 'figures');

    // Billing: a stay that departed this month (booked by the landlord's booking software) is
    // ready for billing with its Kurtaxe.
    const [arrived, departed] = [berlinDaysAgo(4), berlinDaysAgo(1)];
    const past = await service.book(arrived, departed, [{ tarif: 'Erwachsene' }], {});
    expect(past.verwendete_kurtaxe).toBe(4.5); // 3 nights x 1,50 €
    await viaNavigation(page, 'Abrechnung', null);
    await page.getByLabel('Abreisemonat').fill(departed.slice(0, 7));
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page.getByRole('row', { name: landlord.landlord, exact: false })).toContainText(
      '4,50',
    );
    await accessibleAtBothWidths(page, 'billing');

    // The audit log lists the changes and who made them.
    await page.getByRole('link', { name: 'Protokoll' }).click();
    for (const action of [
      'beherberger.create',
      'objekt.create',
      'user.create',
      'user.invite',
      'user.password_set_by_link',
    ]) {
      await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    }
    await accessibleAtBothWidths(page, 'audit log');
    await office.close();
  },
);

test(
  'staff makes a landlord, an object and an account; the invited landlord sets a password once and books',
  { tag: '@desktop' },
  async ({ browser }, testInfo) => {
    const n = desktopRun(testInfo);
    const LANDLORD = `Pension Amtsblick${n && ` ${n}`}`;
    const OBJECT = `Ferienwohnung Rathausblick${n && ` ${n}`}`;
    const USERNAME = `amtsblick${n}`;
    const ACCOUNT_MAIL = `amtsblick${n}-konto@example.test`;
    const { office, page } = await staffPage(browser);

    // A landlord, an object and an account.
    await viaNavigation(page, 'Vermieter');
    await accessibleAtBothWidths(page, 'landlords list');
    await page.getByRole('link', { name: 'Vermieter anlegen' }).click();
    await accessibleAtBothWidths(page, 'new landlord');
    await page.getByRole('button', { name: 'Vermieter anlegen' }).click();
    await expect(page.locator('#landlord-alias-error')).toBeVisible();
    // A landlord of Hohenwald, in the demo's zone (2,20 € per adult and night).
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
    await page.locator('#objekt-tarifzone').selectOption({ label: 'Ort' });
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
    const link = await mailedLink(ACCOUNT_MAIL);
    // The sender marks it sent right after the server took it: the page shows it at a reload.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Einladung gesendet am', { exact: false })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    // The list finds the landlord by search.
    await page.goto('/verwaltung/vermieter?q=amtmann');
    await expect(page.getByRole('link', { name: LANDLORD, exact: true }).first()).toBeVisible();
    await office.close();

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

    // The landlord books a stay in the portal: 2 nights x 2,20 €.
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
    await expect(landlordPage.getByTestId('kurtaxe-total')).toHaveText(/^4,40\s€$/);

    // The link set the password once.
    await landlordPage.goto(link);
    await expect(
      landlordPage.getByText('Dieser Link gilt nicht mehr', { exact: false }),
    ).toBeVisible();
    await invited.close();
  },
);

test(
  'the office\'s own "not found" in German and English, its card check; a landlord\'s session opens nothing of the office',
  { tag: '@desktop' },
  async ({ browser }, testInfo) => {
    desktopRun(testInfo);
    const { office, page } = await staffPage(browser);
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
    await office.addCookies([{ name: 'lang', value: 'en', url: site }]);
    expect((await page.goto('/verwaltung/vermieter/987654'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Not found', level: 1 })).toBeVisible();
    await expect(page.getByText('There is no such page or entry in your office.')).toBeVisible();
    await office.addCookies([{ name: 'lang', value: 'de', url: site }]);

    // The guest card check is in the office's navigation.
    await page.goto('/verwaltung');
    await page.getByRole('link', { name: 'Kurkarte prüfen' }).click();
    await accessibleAtBothWidths(page, 'card check');
    await office.close();

    // A landlord's session opens nothing of the office.
    const landlord = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const lp = await landlord.newPage();
    await signIn(lp, 'demo');
    await lp.goto('/verwaltung/vermieter');
    await expect(lp).toHaveURL(/\/verwaltung\/anmelden/);
    await landlord.close();
  },
);
