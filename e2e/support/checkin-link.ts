// A check-in invitation made through the landlord's pages, for specs and for scripts that audit
// the guest's pages (Lighthouse): the link is only ever shown in the portal, so a browser fetches
// it there.
import { chromium, expect, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';
import { futureDate } from './env';
import { signIn } from './portal';

type Stay = { arrival: string; departure: string; guests?: number };

/** The signed-in landlord invites guests to Möwennest; returns the guest's link. */
export async function inviteToMoewennest(page: Page, stay: Stay): Promise<string> {
  return inviteTo(page, 'Möwennest (Strandweg 3, 18999 Seeblick)', stay);
}

/** The signed-in landlord invites guests to the object of this label; returns the guest's link. */
export async function inviteTo(page: Page, object: string, stay: Stay): Promise<string> {
  await page.goto('/online-check-in');
  await page.getByLabel('Objekt', { exact: true }).selectOption({ label: object });
  await page.getByLabel('Anreise').fill(stay.arrival);
  await page.getByLabel('Abreise').fill(stay.departure);
  if (stay.guests) await page.getByLabel('Erwartete Gäste').fill(String(stay.guests));
  await page.getByRole('button', { name: 'Einladung erstellen' }).click();
  await expect(page).toHaveURL(/\/online-check-in\/link\//);
  return page.getByLabel('Link für Ihre Gäste').inputValue();
}

/** Signs in as `demo` in a browser of its own and invites guests to Möwennest next summer. */
export async function invitationLink(url: string): Promise<string> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await (await browser.newContext({ baseURL: url })).newPage();
    await signIn(page, 'demo');
    return await inviteToMoewennest(page, {
      arrival: futureDate(7, 14),
      departure: futureDate(7, 17),
      guests: 2,
    });
  } finally {
    await browser.close();
  }
}

/**
 * On the open check-in form of an invitation for one: the guest fills in themselves (an address
 * in Köln), checks and sends; the thank-you page is shown.
 */
export async function sendPartyOfOne(
  guest: Page,
  person: { first: string; last: string; birth: string },
): Promise<void> {
  const g = guest.getByTestId('guest-0');
  await g.getByLabel('Vorname').fill(person.first);
  await g.getByLabel('Nachname').fill(person.last);
  await g.getByLabel('Geburtsdatum').fill(person.birth);
  await g.getByLabel('Straße und Hausnummer').fill('Lindenallee 5');
  await g.getByLabel('Postleitzahl').fill('50667');
  await g.getByLabel('Wohnort').fill('Köln');
  await g.getByLabel('Land', { exact: true }).selectOption('DE');
  await g.getByLabel('Staatsangehörigkeit').selectOption('DE');
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await guest.getByRole('button', { name: 'Angaben senden' }).click();
  await expect(guest).toHaveURL(/\/danke$/);
}

/** On a guest page: opens the language switch and chooses the language of this native name. */
export async function switchGuestLanguage(guest: Page, name: string): Promise<void> {
  await guest.getByTestId('language-switch').locator('summary').click();
  await guest.getByRole('button', { name, exact: true }).click();
}
