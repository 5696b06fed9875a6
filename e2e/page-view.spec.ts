// A landlord's page view costs the server one page (issue 19). Two requests came with every view:
// next/link prefetched each link that scrolled into view or was pointed at (a render of a page
// made per request for its account, never reused: 21 of them for one view of /uebersicht), and
// the index sync's action asked the server even when a sync had run within the minute and it
// could only answer "not yet" (12-14 ms of server CPU, as much as the page). One view of
// /uebersicht cost ~100 ms of server CPU against ~20 ms for the page itself (docs/performance.md).
// Links still move through the app router on a click, without loading a new document.
//
// The account is one no other browser test signs in with on this system: whether a view sends the
// sync's action depends on the owner's index (service and user name), which every session of the
// account shares. As `demo` (50 other tests), another test's first view could sync between this
// test's sign-in and its first view, which then rightly sent no action (the flake of waiting for
// it), or sync while a view below rendered, which then rightly sent one.
import { expect, test, type Request } from '@playwright/test';
import { signIn } from './support/portal';

type Kind = 'document' | 'prefetch' | 'action';

function kindOf(r: Request): Kind | null {
  const headers = r.headers();
  if (headers['next-router-prefetch'] !== undefined) return 'prefetch';
  if (headers['next-action'] !== undefined) return 'action';
  return r.resourceType() === 'document' ? 'document' : null;
}

test('a page view asks for its page only, and a click still navigates in place', async ({
  page,
}) => {
  // The first view after signing in syncs the index (its action); the views below fall within
  // the minute after it. Its answer is awaited: on a busy machine the page hydrates, and sends the
  // action, only after the network has looked idle for a while.
  const synced = page.waitForResponse((r) => kindOf(r.request()) === 'action');
  // `tanne` signs in on the demo's AVS system in avs-municipality.spec.ts: another owner.
  await signIn(page, 'tanne');
  await synced;
  await page.waitForLoadState('networkidle');
  const sent: { kind: Kind; url: string }[] = [];
  page.on('request', (r) => {
    const kind = kindOf(r);
    if (kind) sent.push({ kind, url: new URL(r.url()).pathname });
  });
  const pages = ['/uebersicht', '/aufenthalte', '/aufenthalte/kommend', '/abrechnung'];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Pointing at a link (hover, keyboard focus) was a prefetch too.
  const newStay = page.getByRole('link', { name: 'Neuer Meldeschein' }).first();
  await newStay.hover();
  await newStay.focus();
  await page.waitForLoadState('networkidle');
  expect(sent).toEqual(pages.map((url) => ({ kind: 'document', url })));

  sent.length = 0;
  await newStay.click();
  await expect(page).toHaveURL(/\/aufenthalte\/neu$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sent.filter((s) => s.kind !== 'action')).toEqual([]);
});
