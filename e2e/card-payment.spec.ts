// The card route of the arrival day (issue 31, docs/decisions/029), at 375 px, in German (phone
// project) and English (desktop project, the guest's phone still 375 px): the landlord connects
// a Stripe account through the stand-in's hosted onboarding; a Dutch party checks in for a stay
// arriving today and the landlord books it; on the guest's phone the check-in link offers to
// confirm and pay the Kurtaxe; a declined 3-D Secure challenge leaves it open with a message; a
// completed challenge confirms it, and the stay page shows the confirmation by card payment with
// its time and the payment instrument's reference.
import { expect, test } from '@playwright/test';
import { berlinDay, connectStripe, phone } from './support/arrival-day';
import { inviteToMoewennest } from './support/checkin-link';
import { germanDate } from './support/env';
import { expectAccessible, formReady, signIn } from './support/portal';

// Many steps through three servers (the portal, the service, the stand-in); a busy machine
// answers slowly.
test.describe.configure({ timeout: 600_000 });
const slow = expect.configure({ timeout: 90_000 });

test(
  'a Dutch party confirms its registration by card payment with 3-D Secure on the arrival day',
  { tag: '@desktop' },
  async ({ page, browser }, info) => {
    const english = info.project.name === 'desktop';
    const t = english
      ? {
          // A Dutch guest whose browser asks for English.
          locale: 'en-GB',
          pay: /Confirm and pay the Kurtaxe \(/,
          failed: 'The payment was not completed',
          confirmed: 'Your registration is confirmed.',
          first: 'Sanne',
          last: 'de Vries',
        }
      : {
          locale: 'de-DE',
          pay: /Anmeldung bestätigen und Kurtaxe zahlen \(/,
          failed: 'Die Zahlung wurde nicht abgeschlossen',
          confirmed: 'Ihre Anmeldung ist bestätigt.',
          first: 'Pieter',
          last: 'Jansen',
        };
    await signIn(page, 'demo');
    await connectStripe(page);

    // Each project its own stay (found by its dates in the check-in list).
    const arrival = berlinDay();
    const departure = berlinDay(english ? 3 : 2);
    const url = await inviteToMoewennest(page, { arrival, departure, guests: 1 });

    // The guest checks in on the phone.
    const guest = await phone(browser, t.locale);
    await guest.goto(url);
    const g = guest.getByTestId('guest-0');
    await g.getByLabel(english ? 'First name' : 'Vorname').fill(t.first);
    await g.getByLabel(english ? 'Last name' : 'Nachname').fill(t.last);
    await g.getByLabel(english ? 'Date of birth' : 'Geburtsdatum').fill('1984-03-09');
    await g
      .getByLabel(english ? 'Street and house number' : 'Straße und Hausnummer')
      .fill('Keizersgracht 12');
    await g.getByLabel(english ? 'Postcode' : 'Postleitzahl').fill('1015 CS');
    await g.getByLabel(english ? 'Town or city' : 'Wohnort').fill('Amsterdam');
    await g.getByLabel(english ? 'Country' : 'Land', { exact: true }).selectOption('NL');
    const nationality = g.getByLabel(english ? 'Nationality' : 'Staatsangehörigkeit');
    if (await nationality.count()) await nationality.selectOption('NL');
    const doc = g.getByLabel(english ? 'Passport or ID card number' : 'Ausweisnummer');
    if (await doc.count()) await doc.fill('NX12345P7');
    await guest
      .getByRole('button', {
        name: english ? 'Next: check your details' : 'Weiter: Angaben prüfen',
      })
      .click();
    await guest.getByRole('button', { name: english ? 'Send details' : 'Angaben senden' }).click();
    await slow(guest).toHaveURL(/\/danke$/);

    // The landlord books the party.
    await page.goto('/online-check-in');
    const item = page
      .getByTestId('checkins')
      .getByRole('listitem')
      .filter({ hasText: `${germanDate(arrival)} – ${germanDate(departure)}` });
    await item.getByRole('link', { name: 'Prüfen und buchen' }).first().click();
    await formReady(page);
    await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
    await slow(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/);
    const formId = Number(/\/aufenthalte\/(\d+)/.exec(page.url())![1]);

    // On the arrival day the guest's check-in link offers to confirm and pay.
    await guest.goto(url);
    const offer = guest.locator('[data-payment-state=due]');
    await expect(offer).toBeVisible();
    await expectAccessible(guest, 'check-in link with the payment offer');
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // First try: the bank's challenge is declined. Back to the portal: not confirmed, a message.
    await offer.getByRole('link', { name: t.pay }).click();
    await slow(guest).toHaveURL(/127\.0\.0\.1:\d+\/c\/pay\/cs_/);
    await guest.getByRole('button', { name: 'Pay', exact: true }).click();
    await guest.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(guest.getByRole('alert')).toContainText('unable to authenticate');
    await guest.getByRole('link', { name: 'Back' }).click();
    await slow(guest).toHaveURL(/\/karte\?zahlung=abgebrochen$/);
    await expect(guest.locator('[data-payment-state=due]')).toContainText(t.failed);
    await expectAccessible(guest, 'card page after a declined challenge');

    await page.goto(`/aufenthalte/${formId}`);
    await expect(page.getByTestId('card-payment')).toHaveCount(0);

    // Second try: the challenge is completed; Stripe sends the guest back, confirmed.
    await guest.locator('[data-payment-state=due]').getByRole('link', { name: t.pay }).click();
    await guest.getByRole('button', { name: 'Pay', exact: true }).click();
    await guest.getByRole('button', { name: 'Complete authentication' }).click();
    await slow(guest).toHaveURL(/\/karte\?zahlung=zurueck&session_id=cs_/);
    const paid = guest.locator('[data-payment-state=paid]');
    await expect(paid).toContainText(t.confirmed);
    await expectAccessible(guest, 'card page, paid');
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // The link offers no second payment.
    await guest.goto(url);
    await expect(guest.locator('[data-payment-state=paid]')).toBeVisible();

    // The stay shows the confirmation by card payment, with its time and reference.
    await page.goto(`/aufenthalte/${formId}`);
    const section = page.getByTestId('card-payment');
    await expect(section.getByTestId('card-confirmation')).toContainText(
      `Anmeldung bestätigt durch Kartenzahlung am ${germanDate(arrival)}`,
    );
    await expect(section.getByTestId('card-reference')).toHaveText(/^\d{15}$/);
    await expectAccessible(page, 'stay page with its card payment');
    await guest.context().close();
  },
);
