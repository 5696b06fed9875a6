// A check-in invitation made through the landlord's pages, for specs and for scripts that audit
// the guest's pages (Lighthouse): the link is only ever shown in the portal, so a browser fetches
// it there.
import { chromium, expect, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';

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

/** Creates an invitation for `demo`'s first object next summer and returns the guest's link. */
export async function invitationLink(url: string, cookieHeader: string): Promise<string> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const context = await browser.newContext();
    await context.addCookies(
      cookieHeader.split('; ').map((pair) => {
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${url}/online-check-in`);
    const year = new Date().getFullYear() + 1;
    await page.locator('#inv-objekt').selectOption({ index: 1 });
    await page.locator('#inv-arrival').fill(`${year}-07-14`);
    await page.locator('#inv-departure').fill(`${year}-07-17`);
    await page.locator('#inv-guests').fill('2');
    await Promise.all([
      page.waitForURL('**/online-check-in/link/**'),
      page.locator('form:has(#inv-objekt) button[type=submit]').click(),
    ]);
    return await page.locator('#link').inputValue();
  } finally {
    await browser.close();
  }
}
