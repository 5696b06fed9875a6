// Steps through the portal as a landlord does, and the accessibility check run on every page.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export async function signIn(page: Page, username: string, password = username): Promise<void> {
  await page.goto('/anmelden');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL('**/uebersicht');
}

// @axe-core/playwright types its page with its own peer playwright-core (npm installed 1.65, a minor
// ahead of @playwright/test's 1.64); the page API it calls is the same in both.
type AxePage = ConstructorParameters<typeof AxeBuilder>[0]['page'];

/** axe-core with its full rule set (WCAG 2.x A/AA and best practices): nothing may be found. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Right after a client-side change (the language switch) React swaps the <title> a moment after
  // the content: axe found no title there once in this suite. Every page has one; wait for it.
  await expect(page, `${what} has a title`).toHaveTitle(/\S/);
  const analyze = () => new AxeBuilder({ page: page as unknown as AxePage }).analyze();
  let results = await analyze();
  // The render after a server action replaces the <title> too: axe once ran in that moment. A page
  // whose title is back (waited for) is checked again; one that stays without a title fails above.
  if (results.violations.some((v) => v.id === 'document-title')) {
    await expect(page, `${what} has its title again`).toHaveTitle(/\S/);
    results = await analyze();
  }
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(found, `axe violations on ${what}`).toEqual([]);
}

/**
 * The landlord's form runs client-side validation once hydrated; tests wait for that. (The
 * guest's check-in form runs no script: it is ready when its page has loaded, decision 022.)
 */
export async function formReady(page: Page): Promise<void> {
  await expect(page.locator('form[data-hydrated]')).toBeVisible();
}

/** Opens a waiting check-in's review (`open`, its link) and books it; returns the form's id. */
export async function bookCheckin(page: Page, open: Locator): Promise<number> {
  await open.click();
  await formReady(page);
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  // Booking is a round trip to the service and back; on a loaded machine it took over 15 s.
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/, { timeout: 30_000 });
  return Number(/\/aufenthalte\/(\d+)/.exec(page.url())![1]);
}

export interface PersonData {
  first: string;
  last: string;
  birth?: string;
  tarif?: string;
}

export async function fillPerson(page: Page, i: number, p: PersonData): Promise<void> {
  const guest = page.getByTestId(`guest-${i}`);
  await guest.getByLabel('Vorname').fill(p.first);
  await guest.getByLabel('Nachname').fill(p.last);
  await guest.getByLabel('Geburtsdatum').fill(p.birth ?? '1980-05-01');
  await guest.getByLabel('Straße und Hausnummer').fill('Hauptstraße 1');
  await guest.getByLabel('Postleitzahl').fill('10115');
  await guest.getByLabel('Wohnort').fill('Berlin');
  await guest.getByLabel('Land', { exact: true }).selectOption('DE');
  await guest.getByLabel('Staatsangehörigkeit').selectOption('DE');
  if (p.tarif) await guest.getByLabel('Tarif').selectOption({ label: p.tarif });
}

export async function addGuest(page: Page): Promise<void> {
  const before = await page.locator('fieldset.guest-card').count();
  await page.getByRole('button', { name: /Gast hinzufügen/ }).click();
  await expect(page.locator('fieldset.guest-card')).toHaveCount(before + 1);
}

export async function makeGroup(page: Page, i: number, persons: number): Promise<void> {
  const guest = page.getByTestId(`guest-${i}`);
  await guest.getByLabel('Gruppe', { exact: true }).check();
  await guest.getByLabel('Anzahl Personen').fill(String(persons));
}

/** `40,50 €` with the non-breaking space Intl puts before the sign. */
export function euro(text: string): RegExp {
  return new RegExp(`^${text.replace(/\s/g, '\\s')}$`);
}
