// On a 375 px phone every page of the open navigation group is in view: the second line wraps
// instead of scrolling sideways (the stays group holds five pages; "Abrechnung" was cut in half and
// "Meldeschein-Export" off the screen, with nothing saying there was more).
import { expect, test } from '@playwright/test';
import { signIn } from './support/portal';

const GROUPS = [
  { group: 'Aufenthalte', pages: 5 },
  { group: 'Gäste', pages: 2 },
  { group: 'Einstellungen', pages: 2 },
];

test('every page of the open group is visible at 375 px, none scrolled off', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the phone width is the point');
  expect(page.viewportSize()?.width).toBe(375);
  await signIn(page, 'demo');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  for (const { group, pages } of GROUPS) {
    await nav.getByRole('link', { name: group, exact: true }).click();
    const second = nav.getByTestId('nav-second-level');
    const links = second.getByRole('link');
    await expect(links).toHaveCount(pages);
    // Nothing to scroll: the line is no wider than the screen. (Retried: the click's navigation
    // may swap the line while it is measured.)
    await expect
      .poll(() => second.evaluate((ul) => ul.scrollWidth - ul.clientWidth), {
        message: `${group}: the second line scrolls sideways`,
      })
      .toBeLessThanOrEqual(0);
    // Each link wholly on the 375-px screen: none starts or ends off it.
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
  }
});
