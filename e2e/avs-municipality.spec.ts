// A landlord of a municipality that runs AVS (the demo's Kurort Tanne, Pension Tannenhof): the
// portal talks AVS's SOAP web service there, here this app's own AVS face (docs/avs.md, decision
// 038). Sign in choosing the municipality, see the objects and categories from AVS's lists, book a
// Dutch couple arriving today, let them check in on a phone (the review corrects the form over
// SOAP), confirm the arrival on paper, download the guest card and cancel, as in any municipality.
import { expect, test, type Page } from '@playwright/test';
import { berlinDay, phone } from './support/arrival-day';
import { germanDate } from './support/env';
import { addGuest, euro, expectAccessible, fillPerson, formReady } from './support/portal';

/** One of the Dutch couple on the guest's phone; the second takes the first's address. */
async function fillDutch(guest: Page, i: number, first: string, birth: string): Promise<void> {
  const g = () => guest.getByTestId(`guest-${i}`);
  if (i > 0) {
    await g().getByRole('button', { name: 'Gleiche Adresse wie Gast 1' }).click();
  } else {
    await g().getByLabel('Straße und Hausnummer').fill('Prinsengracht 12');
    await g().getByLabel('Postleitzahl').fill('1015 DV');
    await g().getByLabel('Wohnort').fill('Amsterdam');
    await g().getByLabel('Land', { exact: true }).selectOption('NL');
  }
  await g().getByLabel('Vorname').fill(first);
  await g().getByLabel('Nachname').fill('de Vries');
  await g().getByLabel('Geburtsdatum').fill(birth);
  await g().getByLabel('Staatsangehörigkeit').selectOption('NL');
  await g().getByLabel('Ausweisnummer').fill(`NX765432${i}`);
}

test('a landlord of an AVS municipality books, checks in, confirms, prints and cancels', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto('/anmelden');
  await page.getByLabel('System').selectOption({ label: 'Kurort Tanne (AVS)' });
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('tanne');
  await page.getByLabel('Passwort', { exact: true }).fill('tanne');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL('**/uebersicht');

  // The browser holds no credential: the session cookie is sealed, and next-auth's session
  // route names the landlord only.
  const session = await page.request.get('/auth/session');
  const body = await session.text();
  expect(body).toContain('Pension Tannenhof');
  expect(body).not.toContain(Buffer.from('tanne:tanne').toString('base64'));
  const cookies = await page.context().cookies();
  for (const c of cookies) expect(c.value).not.toContain('tanne:tanne');

  // Objects and categories come from AVS's configuration lists.
  const objects = page.getByRole('region', { name: 'Ihre Objekte' });
  await expect(objects.getByText('Zimmer Waldblick').filter({ visible: true })).toBeVisible();
  await expect(
    objects.getByText('Ferienwohnung Tannenhof').filter({ visible: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tarife – Kurort Tanne' })).toBeVisible();
  await expectAccessible(page, 'overview of an AVS municipality');

  // A new form: the Dutch couple de Vries, arriving today for three nights.
  await page.goto('/aufenthalte/neu');
  await formReady(page);
  const arrival = berlinDay();
  const departure = berlinDay(3);
  await page
    .getByLabel('Objekt')
    .selectOption({ label: 'Zimmer Waldblick (Waldweg 7, 98888 Tanne)' });
  await page.getByLabel('Anreise', { exact: true }).fill(arrival);
  await page.getByLabel('Abreise', { exact: true }).fill(departure);
  await fillPerson(page, 0, { first: 'Pieter', last: 'de Vries' });
  await addGuest(page);
  await fillPerson(page, 1, { first: 'Anna', last: 'de Vries', birth: '1982-09-01' });
  for (const i of [0, 1]) {
    const guest = page.getByTestId(`guest-${i}`);
    await guest.getByLabel('Land', { exact: true }).selectOption('NL');
    await guest.getByLabel('Staatsangehörigkeit').selectOption('NL');
    await guest.getByLabel('Ausweisnummer').fill(`NX12345${i}`);
  }
  await page.getByRole('button', { name: 'Meldeschein buchen' }).click();

  // Booked over SOAP: 2 x 3 nights at 2,80 € = 16,80 €.
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/, { timeout: 30_000 });
  const detailUrl = page.url().split('?')[0]!;
  await expect(page.getByText(/wurde gebucht/)).toBeVisible();
  await expect(page.getByTestId('travel-span')).toHaveText(
    `${germanDate(arrival)} – ${germanDate(departure)}`,
  );
  await expect(page.getByTestId('nights')).toHaveText('6');
  await expect(page.getByTestId('kurtaxe-total')).toHaveText(euro('16,80 €'));
  await expect(page.locator('[data-state=draft]')).toHaveText('Gemeldet');
  await expectAccessible(page, 'stay booked in an AVS municipality');

  // The couple checks in on a phone: Anna is Anneke, and Pieter's partner. The landlord's review
  // corrects the same form (AVS takes the whole form, the portal sends it).
  await page.getByRole('link', { name: 'Gäste online einchecken lassen' }).click();
  await page.getByRole('button', { name: 'Einladung erstellen' }).click();
  await expect(page).toHaveURL(/\/online-check-in\/link\//);
  const guest = await phone(browser, 'de-DE');
  await guest.goto(await page.getByLabel('Link für Ihre Gäste').inputValue());
  await fillDutch(guest, 0, 'Pieter', '1980-05-17');
  await guest.getByRole('button', { name: 'Gast hinzufügen' }).click();
  await fillDutch(guest, 1, 'Anneke', '1982-09-01');
  await guest
    .getByTestId('guest-1')
    .getByLabel('Reist diese Person mit jemandem aus der Gruppe?')
    .selectOption({ label: 'Ehe- oder Lebenspartner(in) von Pieter de Vries' });
  await guest.getByRole('button', { name: 'Weiter: Angaben prüfen' }).click();
  await guest.getByRole('button', { name: 'Angaben senden' }).click();
  await expect(guest).toHaveURL(/\/danke$/);
  await guest.context().close();
  await page.goto(detailUrl);
  await page.getByTestId('checkin-badge').click();
  await formReady(page);
  await expect(page.getByTestId('guest-1').getByLabel('Vorname')).toHaveValue('Anneke');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page).toHaveURL(/\/aufenthalte\/\d+\?gebucht=1/, { timeout: 30_000 });
  await expect(
    page.getByRole('rowheader', { name: 'Anneke de Vries', exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await expect(page.getByTestId('kurtaxe-total')).toHaveText(euro('16,80 €'));

  // The arrival day: the couple is one signer, who signs on paper.
  const panel = page.getByTestId('arrival-panel');
  await expect(panel.getByTestId('arrival-status')).toHaveText('Heute zu bestätigen');
  const signers = panel.locator('li[data-testid^="signer-"]');
  await expect(signers).toHaveCount(1);
  await expect(signers.first()).toContainText('Pieter de Vries');
  await expect(signers.first()).toContainText('Mitgezählt: 1 × Niederlande');
  await signers.first().getByRole('button', { name: 'Als unterschrieben markieren' }).click();
  await expect(page.getByText('Als unterschrieben vermerkt.')).toBeVisible();
  await expect(signers.first().getByTestId('signer-route')).toContainText(
    'Auf Papier unterschrieben am',
  );
  await expectAccessible(page, 'arrival day in an AVS municipality');

  // The guest card: the review printed it for the guests' phone (druckeMeldescheine's PDF), so the
  // form is printed and its stored copy downloads.
  await expect(page.locator('[data-state=printed]')).toHaveText('Kurkarte gedruckt');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Gespeicherte Kurkarte herunterladen (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Kurkarte-[\d-]+\.pdf$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

  // Cancel.
  await page.getByRole('link', { name: 'Meldeschein stornieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Meldeschein stornieren?' });
  await dialog.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByText('Der Meldeschein wurde storniert.')).toBeVisible();
  await expect(page.locator('[data-state=cancelled]')).toHaveText('Storniert');

  // The stays list shows it, from AVS's list of the municipality's forms.
  await page.goto('/aufenthalte');
  await expect(page.getByRole('heading', { name: 'Aufenthalte', level: 1 })).toBeVisible();
  await expect(page.getByText('Pieter de Vries').filter({ visible: true }).first()).toBeVisible();
  await expectAccessible(page, 'stays list of an AVS municipality');
});
