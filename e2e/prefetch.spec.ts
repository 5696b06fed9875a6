// A landlord's page view costs the server one page (issue 19): next/link prefetched every link
// that scrolled into view or was pointed at, each one a render of a page that is made per request
// for its account and cannot be reused. A view of /uebersicht sent 21 such requests, ~100 ms of
// server CPU in all against ~13 ms for the page itself (docs/performance.md). Links still move
// through the app router on a click, without loading a new document.
import { expect, test, type Request } from '@playwright/test';
import { signIn } from './support/portal';

const prefetch = (r: Request) => r.headers()['next-router-prefetch'] !== undefined;

test('a page view sends no prefetches, and a click still navigates in place', async ({ page }) => {
  await signIn(page, 'demo');
  const prefetched: string[] = [];
  page.on('request', (r) => {
    if (prefetch(r)) prefetched.push(r.url());
  });
  for (const path of ['/uebersicht', '/aufenthalte', '/aufenthalte/kommend', '/online-check-in']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Pointing at a link (hover, keyboard focus) was a prefetch too.
  const newStay = page.getByRole('link', { name: 'Neuer Meldeschein' }).first();
  await newStay.hover();
  await newStay.focus();
  await page.waitForLoadState('networkidle');
  expect(prefetched).toEqual([]);

  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await newStay.click();
  await expect(page).toHaveURL(/\/aufenthalte\/neu$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
  expect(prefetched).toEqual([]);
});
