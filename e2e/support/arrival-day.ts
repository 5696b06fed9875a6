// The arrival day's steps for specs: today in Berlin, a guest's phone, and the landlord's Stripe
// account connected through the stand-in's hosted onboarding (e2e/support/stripe-server.ts).
import { expect, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './portal';

/** Today in Berlin (the arrival day), or `offset` days after it. */
export function berlinDay(offset = 0): string {
  const d = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(d);
}

/** A guest's phone at 375 px whose browser asks for `locale`. */
export async function phone(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    timezoneId: 'Europe/Berlin',
    locale,
  });
  return context.newPage();
}

/** The landlord's own Stripe account, connected through the stand-in's hosted onboarding. */
export async function connectStripe(page: Page): Promise<void> {
  await page.goto('/zahlungen');
  await expect(page.getByRole('heading', { name: 'Zahlungen', level: 1 })).toBeVisible();
  const connect = page.getByRole('button', {
    name: /Stripe-Konto verbinden|Einrichtung bei Stripe fortsetzen/,
  });
  if (await connect.isVisible()) {
    await expectAccessible(page, 'payments page, not connected');
    await connect.click();
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await expect(page).toHaveURL(/\/zahlungen$/, { timeout: 90_000 });
  }
  await expect(page.locator('[data-payment-account=ready]')).toContainText(
    'Ihr Stripe-Konto ist bereit',
  );
  await expectAccessible(page, 'payments page, ready');
}
