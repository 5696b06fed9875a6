// A check-in invitation made through the landlord's pages, for specs and for scripts that audit
// the guest's pages (Lighthouse): the link is only ever shown in the portal, so a browser fetches
// it there.
import { chromium, expect, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';
import { futureDate } from './env';
import { signIn } from './portal';

/** The signed-in landlord invites guests to Möwennest; returns the guest's link. */
export async function inviteToMoewennest(
  page: Page,
  stay: { arrival: string; departure: string; guests?: number },
): Promise<string> {
  await page.goto('/online-check-in');
  await page
    .getByLabel('Objekt', { exact: true })
    .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
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
