// A check-in invitation made through the landlord's pages, for scripts that audit the guest's
// pages (Lighthouse): the link is only ever shown in the portal, so a browser fetches it there.
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';

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
