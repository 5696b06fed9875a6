// The office's staff sign-in: password, then the second factor (TOTP, its code computed here from
// the secret the enrolment page shows once). The screenshot and Lighthouse scripts enrol the first
// staff account of their own server; the browser tests share one signed-in session of the e2e
// server's first staff account (staffContext), and make landlords with accounts through the
// office (landlordWithAccount) where a test needs figures of its own.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { BASE_URL, DATA_DIR, receivedMails } from './env';

/** What startPortal's server needs for the office's first staff account. */
export const OFFICE_STAFF = {
  OFFICE_FIRST_STAFF: 'amt',
  OFFICE_FIRST_STAFF_PASSWORD: 'scripts office password',
} as const;

/** The e2e server's first staff account (playwright.config.ts). */
const E2E_STAFF = { username: 'amt', password: 'e2e office password' } as const;

/** The code an authenticator app shows now for `secret`. */
export const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** The sign-in's first step; the page goes on to the second factor (or its enrolment). */
export async function passwordStep(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/verwaltung/anmelden');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Weiter' }).click();
}

/** Enrols the second factor on the enrolment page; returns its secret. */
async function enrol(page: Page, onSecret: (secret: string) => void = () => {}): Promise<string> {
  await page.waitForURL(/\/verwaltung\/anmelden\/einrichten/);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  onSecret(secret);
  await page.getByLabel('Code aus der App').fill(totp(secret));
  await page.getByRole('button', { name: 'Einrichten und anmelden' }).click();
  await page.getByTestId('recovery-codes').waitFor();
  await page.getByRole('link', { name: 'Weiter zur Verwaltung' }).click();
  await page.getByRole('heading', { name: 'Verwaltung', level: 1 }).waitFor();
  return secret;
}

/** The scripts' first sign-in; leaves the page on the office's start page. */
export async function enrolOfficeStaff(page: Page): Promise<void> {
  await passwordStep(
    page,
    OFFICE_STAFF.OFFICE_FIRST_STAFF,
    OFFICE_STAFF.OFFICE_FIRST_STAFF_PASSWORD,
  );
  await enrol(page);
}

const STAFF_STATE = path.join(DATA_DIR, 'office-staff-session.json');
const STAFF_SECRET = path.join(DATA_DIR, 'office-staff-secret.txt');
const STAFF_LOCK = path.join(DATA_DIR, 'office-staff.lock');

/**
 * A browser context signed in to the office as the e2e server's first staff account. The run's
 * first call (in whichever worker) signs in and enrols the second factor under a lock, and keeps
 * the session cookie in DATA_DIR for every later call, retries included: the office's tests run
 * side by side on one account, where each signing in itself would race for the enrolment and
 * for the single-use TOTP step. The enrolment's own checks are in office.spec.ts, on a staff
 * account of their own.
 */
export async function staffContext(browser: Browser): Promise<BrowserContext> {
  const deadline = Date.now() + 120_000;
  while (!existsSync(STAFF_STATE)) {
    let locked = false;
    try {
      mkdirSync(STAFF_LOCK);
      locked = true;
    } catch {
      // Another worker is signing in: its session file appears when it is done.
    }
    if (locked) {
      try {
        if (!existsSync(STAFF_STATE)) await signInFirstStaff(browser);
      } finally {
        rmSync(STAFF_LOCK, { recursive: true, force: true });
      }
    } else {
      if (Date.now() > deadline) throw new Error('the office sign-in of another worker hangs');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return browser.newContext({ baseURL: BASE_URL, storageState: STAFF_STATE });
}

async function signInFirstStaff(browser: Browser): Promise<void> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  try {
    const page = await context.newPage();
    await passwordStep(page, E2E_STAFF.username, E2E_STAFF.password);
    await page.waitForURL(/\/verwaltung\/anmelden\/(einrichten|code)/);
    if (page.url().includes('/einrichten')) {
      await enrol(page, (secret) => writeFileSync(STAFF_SECRET, secret));
    } else {
      // An attempt that enrolled and then failed may have used this time step's code (a code
      // works once): the next step's.
      await page.waitForTimeout(30_500 - (Date.now() % 30_000));
      await page.getByLabel('Code').fill(totp(readFileSync(STAFF_SECRET, 'utf8')));
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await page.getByRole('heading', { name: 'Verwaltung', level: 1 }).waitFor();
    }
    await context.storageState({ path: STAFF_STATE });
  } finally {
    await context.close();
  }
}

export interface LandlordAccount {
  landlord: string;
  object: string;
  username: string;
  password: string;
}

/**
 * A landlord of `gemeinde` with one object in `zone` and an account whose password is set through
 * the invitation mail's link, made through the office by `staff` (a page of staffContext's).
 * office.spec.ts walks the same forms with their error messages and axe; this makes what a test
 * of something else needs.
 */
export async function landlordWithAccount(
  staff: Page,
  browser: Browser,
  names: { landlord: string; object: string; username: string; gemeinde: string; zone: string },
): Promise<LandlordAccount> {
  const email = `${names.username}-konto@example.test`;
  await staff.goto('/verwaltung/vermieter/neu');
  await staff.getByLabel('Gemeinde').selectOption({ label: names.gemeinde });
  await staff.getByLabel('Bezeichnung').fill(names.landlord);
  await staff.getByLabel('Nachname').fill(names.landlord.split(' ').at(-1)!);
  await staff.getByLabel('E-Mail').fill(`${names.username}@example.test`);
  await staff.getByRole('button', { name: 'Vermieter anlegen' }).click();
  await expect(staff).toHaveURL(/\/verwaltung\/vermieter\/\d+$/);
  await staff.locator('#objekt-alias').fill(names.object);
  await staff.locator('#objekt-tarifzone').selectOption({ label: names.zone });
  await staff.locator('#objekt-anzahl_betten').fill('4');
  await staff.getByRole('button', { name: 'Objekt anlegen' }).click();
  await expect(staff.getByText(`${names.object} ·`, { exact: false })).toBeVisible();
  await staff.locator('#konto-username').fill(names.username);
  await staff.locator('#konto-email').fill(email);
  await staff.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(staff.getByText(`${email} · aktiv`)).toBeVisible();
  const password = `ein langes Passwort für ${names.username}`;
  await setPasswordByMail(browser, email, password);
  return { ...names, password };
}

/** Follows the set-password link mailed to `email` (one mail) and sets `password` with it. */
export async function setPasswordByMail(
  browser: Browser,
  email: string,
  password: string,
): Promise<void> {
  const link = await mailedLink(email);
  const context = await browser.newContext({ baseURL: BASE_URL });
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.getByLabel('Neues Passwort').fill(password);
    await page.getByLabel('Passwort wiederholen').fill(password);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.waitForURL(/\/anmelden\?passwort=1/);
  } finally {
    await context.close();
  }
}

/** The set-password link of the first mail to `email` (the office hands it to the sender at once). */
export async function mailedLink(email: string): Promise<string> {
  await expect.poll(() => receivedMails(email).length, { timeout: 60_000 }).toBe(1);
  return /https?:\/\/\S+\/passwort\/[A-Za-z0-9_-]{43}/.exec(receivedMails(email)[0]!.text)![0];
}
