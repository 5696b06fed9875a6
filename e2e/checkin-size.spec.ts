// What a guest's phone downloads on the first visit of the check-in page (issue 19): HTML,
// scripts, styles and fonts together, as the browser counts them (encoded body and headers of
// every response until the network is idle). A size, not a timing: it does not flake on a busy
// machine. The parts are printed, so a regression shows where.
//
// The budget guards against growth; it is NOT the goal of 120 KB. Measured 208 KB: React
// and Next's client runtime alone are ~131 KB (react-dom 72, the router 45 + 9, Turbopack's
// loader 5), the form's code with zod/mini and react-hook-form 35, the page 17 (its country lists
// 1.5 of that). 120 KB needs the page served without hydrating (docs/performance.md).
import { expect, test } from '@playwright/test';
import { inviteToMoewennest } from './support/checkin-link';
import { futureDate } from './support/env';
import { signIn } from './support/portal';

const BUDGET = 215 * 1024;

test('the check-in page of an invitation stays within its size budget on first load', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the guest side is phone-first');
  await signIn(page, 'demo');
  const url = await inviteToMoewennest(page, {
    arrival: futureDate(6, 2),
    departure: futureDate(6, 5),
    guests: 2,
  });

  const context = await browser.newContext({ ...info.project.use, locale: 'de-DE' });
  const guest = await context.newPage();
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  guest.on('requestfinished', (request) => {
    sizes.push(
      request.sizes().then((s) => ({
        url: request.url(),
        bytes: s.responseBodySize + s.responseHeadersSize,
      })),
    );
  });
  await guest.goto(url, { waitUntil: 'networkidle' });
  await expect(guest.getByTestId('guest-0')).toBeVisible();
  const all = await Promise.all(sizes);
  const total = all.reduce((sum, r) => sum + r.bytes, 0);
  console.info(
    [...all]
      .sort((a, b) => b.bytes - a.bytes)
      .map((r) => `${String(r.bytes).padStart(7)} ${new URL(r.url).pathname.slice(0, 90)}`)
      .join('\n') + `\n${String(total).padStart(7)} in total`,
  );
  expect(total).toBeLessThanOrEqual(BUDGET);
  await context.close();
});
