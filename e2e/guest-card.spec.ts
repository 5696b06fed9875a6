// The guest card (Kurkarte): the first download fetches the PDF (a print at the municipality) and
// the portal keeps it; later downloads serve that copy; a reprint fetches anew after confirming.
import { expect, test, type Download } from '@playwright/test';
import { bookViaApi, serviceToken } from './support/api';
import { futureDate } from './support/env';
import { expectAccessible, signIn } from './support/portal';

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('download the guest card, then the stored copy; a reprint asks first', async ({
  page,
  request,
}) => {
  const token = await serviceToken(request, 'demo');
  const form = await bookViaApi(request, token, {
    objekt: 'Dünenhaus',
    arrival: futureDate(8, 1),
    departure: futureDate(8, 5),
    firstName: 'Karla',
  });
  await signIn(page, 'demo');
  await page.goto(`/aufenthalte/${form.id}`);
  await expect(page.locator('[data-state=draft]')).toBeVisible();

  const first = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Kurkarte herunterladen (PDF)' }).click();
  const download = await first;
  expect(download.suggestedFilename()).toBe(`Kurkarte-${form.meldescheinnummer}.pdf`);
  const pdf = await bytesOf(download);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Printed now; the stored copy is offered, with the time it was fetched.
  await page.reload();
  await expect(page.locator('[data-state=printed]')).toHaveText('Kurkarte gedruckt');
  const stored = page.getByRole('link', { name: 'Gespeicherte Kurkarte herunterladen (PDF)' });
  await expect(stored).toBeVisible();
  const fetchedAt = await page.getByText(/Kurkarte zuletzt abgerufen am/).textContent();
  const again = page.waitForEvent('download');
  await stored.click();
  expect((await bytesOf(await again)).equals(pdf)).toBe(true);
  await page.reload();
  await expect(page.getByText(/Kurkarte zuletzt abgerufen am/)).toHaveText(fetchedAt ?? '');

  // Reprint: only after confirming (a page without JavaScript, a dialog with it).
  await page.goto(`/aufenthalte/${form.id}/nachdruck`);
  await expectAccessible(page, 'reprint confirmation page');
  await page.goto(`/aufenthalte/${form.id}`);
  await page.getByRole('link', { name: 'Kurkarte neu drucken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kurkarte neu drucken?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'reprint dialog');
  // One step: confirming downloads the new card at once.
  const reprinted = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Ja, neu drucken' }).click();
  await expect(page.getByText('Die Kurkarte wurde neu abgerufen.')).toBeVisible();
  const card = await reprinted;
  expect(card.suggestedFilename()).toBe(`Kurkarte-${form.meldescheinnummer}.pdf`);
  expect((await bytesOf(card)).subarray(0, 5).toString()).toBe('%PDF-');
  // A reload does not download it again.
  await expect(page).toHaveURL(new RegExp(`/aufenthalte/${form.id}$`));
});
