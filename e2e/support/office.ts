// The office's staff sign-in for the screenshot and Lighthouse scripts: the first staff account
// (OFFICE_FIRST_STAFF, made at start), its password, then the second factor's enrolment with a
// code from the secret the page shows once. Leaves the page on the office's start page.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** What startPortal's server needs for the office's first staff account. */
export const OFFICE_STAFF = {
  OFFICE_FIRST_STAFF: 'amt',
  OFFICE_FIRST_STAFF_PASSWORD: 'scripts office password',
} as const;

export async function enrolOfficeStaff(page: Page): Promise<void> {
  await page.goto('/verwaltung/anmelden');
  await page.getByLabel('Benutzername').fill(OFFICE_STAFF.OFFICE_FIRST_STAFF);
  await page.getByLabel('Passwort', { exact: true }).fill(OFFICE_STAFF.OFFICE_FIRST_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.waitForURL(/\/verwaltung\/anmelden\/einrichten/);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await page.getByLabel('Code aus der App').fill(code);
  await page.getByRole('button', { name: 'Einrichten und anmelden' }).click();
  await page.getByTestId('recovery-codes').waitFor();
  await page.getByRole('link', { name: 'Weiter zur Verwaltung' }).click();
  await page.getByRole('heading', { name: 'Verwaltung', level: 1 }).waitFor();
}
