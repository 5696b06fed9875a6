// The guest's check-in with JavaScript off (a phone with scripts blocked). The check-in pages run
// no script of their own anyway (decision 022): every button is a plain form post. Adding a
// traveller, copying guest 1's address, the summary and sending are each a round trip to the
// page; the guest reaches the confirmation page, comes back and corrects. The landlord's side
// runs with JavaScript as usual. (axe needs JavaScript in the page; checkin.spec.ts checks the
// same markup with it.)
import { expect, test } from '@playwright/test';
import { inviteToMoewennest, switchGuestLanguage } from './support/checkin-link';
import { BASE_URL, futureDate, germanDate } from './support/env';
import { signIn } from './support/portal';

test('an invitation walked without JavaScript: two travellers, summary, send, correct', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the guest side is phone-first');
  // Dates no other spec gives Möwennest: the landlord picks this check-in by them below.
  const [arrival, departure] = [futureDate(4, 20), futureDate(4, 23)];
  await signIn(page, 'demo');
  const url = await inviteToMoewennest(page, { arrival, departure });

  const context = await browser.newContext({
    ...info.project.use,
    javaScriptEnabled: false,
    locale: 'de-DE',
  });
  const guest = await context.newPage();
  await guest.goto(url);
  await expect(
    guest.getByRole('heading', { name: 'Wozu wir Ihre Angaben brauchen' }),
  ).toBeVisible();
  await expect(guest.getByTestId('accommodation')).toContainText('Möwennest');

  // A missing field is reported by the server, in the page, with the field marked.
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await expect(guest.getByText('Bitte prüfen Sie die markierten Felder.')).toBeVisible();
  const first = guest.getByTestId('guest-0');
  await expect(first.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true');

  // The guest enters their own data: the phone may fill it in (WCAG 1.3.5); fellow travellers not.
  await expect(first.getByLabel('Vorname')).toHaveAttribute('autocomplete', 'given-name');
  await expect(first.getByLabel('Postleitzahl')).toHaveAttribute('autocomplete', 'postal-code');
  await expect(first.getByLabel('Land', { exact: true })).toHaveAttribute(
    'autocomplete',
    'country',
  );
  await first.getByLabel('Vorname').fill('Nora');
  await first.getByLabel('Nachname').fill('Noscript');
  await first.getByLabel('Geburtsdatum').fill('1984-04-04');
  await first.getByLabel('Straße und Hausnummer').fill('Am Hang 7');
  await first.getByLabel('Postleitzahl').fill('79098');
  await first.getByLabel('Wohnort').fill('Freiburg');
  await first.getByLabel('Land', { exact: true }).selectOption('DE');
  await first.getByLabel('Staatsangehörigkeit').selectOption('DE');

  // Each button posts the form and the server answers it with what was typed kept.
  await guest.getByRole('button', { name: '+ Gast hinzufügen' }).click();
  await expect(guest.locator('fieldset.guest-card')).toHaveCount(2);
  await expect(first.getByLabel('Vorname')).toHaveValue('Nora');
  const second = guest.getByTestId('guest-1');
  await expect(second.getByLabel('Vorname')).toHaveAttribute('autocomplete', 'off');
  await second.getByLabel('Vorname').fill('Olaf');
  await second.getByLabel('Nachname').fill('Noscript');
  await second.getByLabel('Geburtsdatum').fill('1983-03-03');
  await second.getByRole('button', { name: 'Gleiche Adresse wie Gast 1' }).click();
  await expect(second.getByLabel('Wohnort')).toHaveValue('Freiburg');
  await expect(second.getByLabel('Land', { exact: true })).toHaveValue('DE');
  await second.getByLabel('Staatsangehörigkeit').selectOption('DE');
  await expect(second.getByLabel('Vorname')).toHaveValue('Olaf');

  // A third traveller added and removed again.
  await guest.getByRole('button', { name: '+ Gast hinzufügen' }).click();
  await expect(guest.locator('fieldset.guest-card')).toHaveCount(3);
  await guest.getByRole('button', { name: 'Gast 3 entfernen' }).click();
  await expect(guest.locator('fieldset.guest-card')).toHaveCount(2);

  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  const summary = guest.getByTestId('summary');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Olaf');
  await expect(summary).toContainText('Am Hang 7');
  await expect(guest.getByTestId('guest-0')).toBeHidden();
  await guest.getByRole('button', { name: 'Angaben senden' }).click();
  await expect(guest).toHaveURL(/\/danke$/);
  await expect(guest.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();

  // Back to correct: the sent party is there, and the correction is sent the same way.
  await guest.getByRole('link', { name: /korrigieren/ }).click();
  await expect(guest.getByText(/bereits gesendet/)).toBeVisible();
  await guest.getByTestId('guest-1').getByLabel('Vorname').fill('Otto');
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await expect(guest.getByTestId('summary')).toContainText('Otto');
  await guest.getByRole('button', { name: 'Korrektur senden' }).click();
  await expect(guest).toHaveURL(/\/danke$/);

  // The landlord receives the corrected party.
  await page.goto('/online-check-in');
  const card = page
    .getByTestId('checkins')
    .getByRole('listitem')
    .filter({ hasText: 'Möwennest' })
    .filter({ hasText: `${germanDate(arrival)} – ${germanDate(departure)}` });
  await expect(card).toContainText('2 Person(en)');
  await card.getByRole('link', { name: 'Prüfen und buchen' }).click();
  await expect(page.getByTestId('guest-1').getByLabel('Vorname')).toHaveValue('Otto');
  // Booked, so no check-in of this spec waits in the list the other check-in specs read.
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/);
  await context.close();
});

test('a refused link and the language switch without JavaScript', async ({ browser }, info) => {
  test.skip(info.project.name !== 'phone', 'the guest side is phone-first');
  const context = await browser.newContext({ ...info.project.use, javaScriptEnabled: false });
  const guest = await context.newPage();
  await guest.goto(`${BASE_URL}/checkin/eAAAAAAAAAAAAAAAAAAAAA-20991231.AAAAAAAAAAAAAAAAAAAAAA`);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Dieser Link ist ungültig');
  await switchGuestLanguage(guest, 'English');
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
  await context.close();
});
