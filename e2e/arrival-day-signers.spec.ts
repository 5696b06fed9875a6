// Each signer confirms their own form (issue 35, decisions 028 and 029), at 375 px: a Dutch party
// of three checks in on one phone and says that Carla travels as Bram's partner; Anna travels
// with them but is not related. The couple makes one signer (Carla counted on Bram's form), Anna
// signs her own. On the arrival day the guest's page lists both forms: Anna pays her own share
// and only her form is confirmed (the page does not say "Ihre Anmeldung ist bestätigt" for the
// others); Bram then pays the couple's share and the stay page shows two card confirmations.
import { expect, test, type Page } from '@playwright/test';
import { berlinDay, connectStripe, phone } from './support/arrival-day';
import { inviteToMoewennest } from './support/checkin-link';
import { germanDate } from './support/env';
import { expectAccessible, formReady, signIn } from './support/portal';

test.describe.configure({ timeout: 600_000 });
const slow = expect.configure({ timeout: 90_000 });

interface Person {
  first: string;
  last: string;
  birth: string;
  doc: string;
}

/** Fills in one traveller; the second and third take the first's address. */
async function fillGuest(guest: Page, i: number, p: Person): Promise<void> {
  const g = guest.getByTestId(`guest-${i}`);
  if (i > 0) {
    await g.getByRole('button', { name: 'Gleiche Adresse wie Gast 1' }).click();
  } else {
    await g.getByLabel('Straße und Hausnummer').fill('Keizersgracht 12');
    await g.getByLabel('Postleitzahl').fill('1015 CS');
    await g.getByLabel('Wohnort').fill('Amsterdam');
    await g.getByLabel('Land', { exact: true }).selectOption('NL');
  }
  const again = guest.getByTestId(`guest-${i}`);
  await again.getByLabel('Vorname').fill(p.first);
  await again.getByLabel('Nachname').fill(p.last);
  await again.getByLabel('Geburtsdatum').fill(p.birth);
  const nationality = again.getByLabel('Staatsangehörigkeit');
  if (await nationality.count()) await nationality.selectOption('NL');
  const doc = again.getByLabel('Ausweisnummer');
  if (await doc.count()) await doc.fill(p.doc);
}

/** On Stripe's page (the stand-in): pay and complete the bank's challenge. */
async function payOnStripe(guest: Page): Promise<void> {
  await slow(guest).toHaveURL(/127\.0\.0\.1:\d+\/c\/pay\/cs_/);
  await guest.getByRole('button', { name: 'Pay', exact: true }).click();
  await guest.getByRole('button', { name: 'Complete authentication' }).click();
  await slow(guest).toHaveURL(/\/karte\?zahlung=zurueck&session_id=cs_/);
}

test('two unrelated Dutch adults each pay their own share; a couple is one signer', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the guest’s phone at 375 px');
  await signIn(page, 'demo');
  await connectStripe(page);
  const arrival = berlinDay();
  const departure = berlinDay(4);
  const url = await inviteToMoewennest(page, { arrival, departure, guests: 3 });

  const guest = await phone(browser, 'de-DE');
  await guest.goto(url);
  const anna = { first: 'Anna', last: 'de Jong', birth: '1990-04-02', doc: 'NA1234567' };
  const bram = { first: 'Bram', last: 'Bakker', birth: '1985-06-11', doc: 'NB7654321' };
  const carla = { first: 'Carla', last: 'Bakker', birth: '1987-01-23', doc: 'NC2468024' };
  await fillGuest(guest, 0, anna);
  await guest.getByRole('button', { name: 'Gast hinzufügen' }).click();
  await fillGuest(guest, 1, bram);
  await guest.getByRole('button', { name: 'Gast hinzufügen' }).click();
  await fillGuest(guest, 2, carla);
  // Who travels with whom, in words a guest understands.
  await guest
    .getByTestId('guest-2')
    .getByLabel('Reist diese Person mit jemandem aus der Gruppe?')
    .selectOption({ label: 'Ehe- oder Lebenspartner(in) von Bram Bakker' });
  await expectAccessible(guest, 'check-in with the question who travels with whom');
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await expect(guest.getByTestId('summary-relation-2')).toHaveText(
    'Ehe- oder Lebenspartner(in) von Bram Bakker',
  );
  await guest.getByRole('button', { name: 'Angaben senden' }).click();
  await slow(guest).toHaveURL(/\/danke$/);

  // The landlord books the party; the couple is one signer, Anna signs her own.
  await page.goto('/online-check-in');
  const item = page
    .getByTestId('checkins')
    .getByRole('listitem')
    .filter({ hasText: `${germanDate(arrival)} – ${germanDate(departure)}` });
  await item.getByRole('link', { name: 'Prüfen und buchen' }).first().click();
  await formReady(page);
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await slow(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/);
  const stay = page.url().split('?')[0]!;
  const signers = page.getByTestId('arrival-panel').locator('li[data-testid^="signer-"]');
  await expect(signers).toHaveCount(2);
  await expect(signers.nth(0)).toContainText('Anna de Jong');
  await expect(signers.nth(1)).toContainText('Bram Bakker');
  await expect(signers.nth(1)).toContainText('Mitgezählt: 1 × Niederlande');

  // The guest's page lists both forms, each with its own share.
  await guest.goto(url);
  const section = guest.locator('[data-payment-state=signers]');
  await expect(section).toBeVisible();
  const annaForm = section.locator('li[data-testid^="pay-signer-"]').filter({ hasText: 'Anna' });
  const bramForm = section.locator('li[data-testid^="pay-signer-"]').filter({ hasText: 'Bram' });
  await expect(bramForm).toContainText('(2 Pers.)');
  await expect(section.getByTestId('payment-consent')).toContainText('Stripe');
  await expectAccessible(guest, 'pay section with two forms');
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Anna pays her own share: her form is confirmed, Bram's is still open.
  await annaForm.getByRole('link', { name: /^Als Anna de Jong bestätigen und/ }).click();
  await payOnStripe(guest);
  await expect(annaForm).toHaveAttribute('data-payment-state', 'paid');
  await expect(annaForm).toContainText('Die Anmeldung von Anna de Jong ist bestätigt.');
  await expect(bramForm).toHaveAttribute('data-payment-state', 'due');
  await expect(guest.locator('body')).not.toContainText('Ihre Anmeldung ist bestätigt');

  // Bram pays the couple's share.
  await bramForm.getByRole('link', { name: /^Als Bram Bakker bestätigen und/ }).click();
  await payOnStripe(guest);
  await expect(bramForm).toContainText('Die Anmeldung von Bram Bakker ist bestätigt.');
  await expectAccessible(guest, 'pay section, both forms confirmed');

  // The stay page: two card confirmations, each with its own reference.
  await page.goto(stay);
  const routes = page.getByTestId('arrival-panel').getByTestId('signer-route');
  await expect(routes).toHaveCount(2);
  for (const r of await routes.all()) await expect(r).toHaveAttribute('data-route', 'card');
  await expect(page.getByTestId('card-payment').getByTestId('card-reference')).toHaveCount(2);
  await guest.context().close();
});
