// The landlord's coming stays (issue 18): an invitation made by hand is a planned stay, shown with
// its state and next step beside the booked forms, on a phone, in German and English.
import { expect, test } from '@playwright/test';
import { bookViaApi, serviceToken } from './support/api';
import { inviteToMoewennest } from './support/checkin-link';
import { futureDate, germanDate } from './support/env';
import { expectAccessible, signIn } from './support/portal';

test('an invitation shows as an invited planned stay among the coming stays', async ({
  page,
  request,
}, info) => {
  // Dates no other spec gives Möwennest (both viewports share the database, each its month): an
  // invitation overlapping another planned stay or a form of the object joins that one instead
  // (planned-forms.ts). Fixed, not random, so a retry finds its own first attempt's stay again;
  // this spec's booked form lies ten days later, apart from it.
  const day = 15;
  const month = info.project.name === 'phone' ? 10 : 11;
  const arrival = futureDate(month, day);
  const departure = futureDate(month, day + 3);
  const lastName = `Kommend${info.project.name}`;
  const form = await bookViaApi(request, await serviceToken(request, 'demo'), {
    objekt: 'Möwennest',
    arrival: futureDate(month, day + 10),
    departure: futureDate(month, day + 12),
    lastName,
  });
  await signIn(page, 'demo');
  // Its page takes the form into the portal's index.
  await page.goto(`/aufenthalte/${form.id}`);
  await inviteToMoewennest(page, { arrival, departure, guests: 3 });

  // The coming stays are in the stays' group of the navigation.
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Aufenthalte', exact: true }).click();
  await nav.getByRole('link', { name: 'Kommende', exact: true }).click();
  await expect(page).toHaveURL(/\/aufenthalte\/kommend$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kommende Aufenthalte' })).toBeVisible();
  const card = page
    .getByTestId('coming-stays')
    .getByRole('listitem')
    .filter({ hasText: `${germanDate(arrival)} bis ${germanDate(departure)}` })
    .filter({ hasText: 'Eingeladen' })
    .first();
  await expect(card).toContainText('Möwennest');
  await expect(card).toContainText('von Ihnen eingetragen');
  await expect(card).toContainText('Warten auf die Gäste');
  // Booked forms are listed too, each with the way to its page.
  const bookedCard = page
    .getByTestId('coming-stays')
    .getByRole('listitem')
    .filter({ hasText: lastName });
  await expect(bookedCard.first()).toContainText('Gemeldet');
  await expect(
    bookedCard.first().getByRole('link', { name: /Meldeschein öffnen$/ }),
  ).toHaveAttribute('href', /\/aufenthalte\/\d+$/);
  // Nothing wider than the phone.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectAccessible(page, 'coming stays');

  // The planned stay's own page: the guest's contact and the invitation by e-mail.
  await card.getByRole('link', { name: /^Einladung per E-Mail für Möwennest/ }).click();
  await expect(page).toHaveURL(/\/aufenthalte\/kommend\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Einladung per E-Mail' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse des Gastes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Einladung zurückziehen' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await expectAccessible(page, "a coming stay's invitation");
  // Not an address: said at the field, and what was typed is still there to correct.
  const address = page.getByLabel('E-Mail-Adresse des Gastes');
  await address.fill(`gast-${info.project.name}@`);
  await page.getByLabel('Sprache der E-Mail').selectOption('en');
  await page.getByRole('button', { name: /^(Einladung senden|Erneut senden)$/ }).click();
  await expect(page.getByText('Bitte eine gültige E-Mail-Adresse eingeben.')).toBeVisible();
  await expect(address).toHaveValue(`gast-${info.project.name}@`);
  await expect(page.getByLabel('Sprache der E-Mail')).toHaveValue('en');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('link', { name: 'Kommende Aufenthalte' }).first().click();
  await expect(page).toHaveURL(/\/aufenthalte\/kommend$/);

  await page.getByRole('button', { name: 'Switch the portal to English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coming stays' })).toBeVisible();
  await expect(page.getByTestId('coming-stays')).toContainText('Invited');
  await expectAccessible(page, 'coming stays in English');
  await page
    .getByTestId('coming-stays')
    .getByRole('link', { name: /^Invitation by e-mail for Möwennest/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, "a coming stay's invitation in English");
  await page.getByRole('button', { name: 'Portal auf Deutsch umstellen' }).click();
});
