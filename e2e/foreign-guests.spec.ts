// German guests since 2025 (BMG § 29(2)): the identity-document number becomes required only once
// a foreign nationality is chosen; a German guest books without it, and the stay page's log says
// who added the guest.
import { expect, test } from '@playwright/test';
import { futureDate } from './support/env';
import { expectAccessible, fillPerson, formReady, signIn } from './support/portal';

test('the document number is required of foreign guests only', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/aufenthalte/neu');
  await formReady(page);
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Möwennest (Strandweg 3, 18999 Seeblick)' });
  await page.getByLabel('Anreise', { exact: true }).fill(futureDate(9, 3));
  await page.getByLabel('Abreise', { exact: true }).fill(futureDate(9, 6));
  await fillPerson(page, 0, { first: 'Ola', last: 'Nordmann' });
  const guest = page.getByTestId('guest-0');
  const doc = guest.getByLabel('Ausweisnummer');
  await expect(doc).not.toHaveAttribute('aria-required', 'true');

  await guest.getByLabel('Staatsangehörigkeit').selectOption('NO');
  await expect(doc).toHaveAttribute('aria-required', 'true');
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(doc).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'foreign guest without document number');

  await guest.getByLabel('Staatsangehörigkeit').selectOption('DE');
  await expect(doc).not.toHaveAttribute('aria-required', 'true');
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/);
  const log = page.getByRole('region', { name: 'Protokoll' });
  await expect(log.getByTestId('log-changes')).toContainText('hat Ola Nordmann angelegt');
  await expectAccessible(page, 'stay page with its log');
});
