// The monthly Kurtaxe statement: its figures are the sum of the service's own forms for the month
// (cancelled ones left out), and the CSV download reads back to the same figures.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { serviceToken } from './support/api';
import { futureDate } from './support/env';
import { expectAccessible, signIn } from './support/portal';
import { ServiceClient } from './support/service-forms';

/** Cells of a `;` CSV without quoted separators (the statement's figures have none). */
const parseCsv = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
const cents = (german: string) =>
  Math.round(Number(german.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

test(
  'the month statement equals the service forms, CSV and PDF download',
  { tag: '@desktop' },
  async ({ page, request }, info) => {
    // Each project its own object, in a month no other spec books.
    const objekt = info.project.name === 'phone' ? 'Möwennest' : 'Dünenhaus';
    const month = futureDate(12, 1).slice(0, 7);
    const service = await ServiceClient.forObject(
      request,
      await serviceToken(request, 'demo'),
      objekt,
    );
    const a = await service.book(futureDate(12, 2), futureDate(12, 5), [
      { tarif: 'Erwachsene' },
      { tarif: 'Erwachsene' },
    ]);
    const b = await service.book(futureDate(12, 10), futureDate(12, 14), [
      { tarif: 'Erwachsene' },
      { tarif: 'Kinder 6–15', persons: 2 },
    ]);
    const cancelled = await service.book(futureDate(12, 20), futureDate(12, 22), [
      { tarif: 'Erwachsene' },
    ]);
    await service.cancel([cancelled.id]);

    await signIn(page, 'demo');
    // Booked elsewhere: opening them puts them into the portal's index.
    for (const f of [a, b, cancelled]) await page.goto(`/aufenthalte/${f.id}`);

    const forms = (await service.get([a.id, b.id, cancelled.id])).filter(
      (f) => f.state !== 'cancelled',
    );
    expect(forms).toHaveLength(2);
    const expected = {
      stays: forms.length,
      persons: forms.flatMap((f) => f.personen).reduce((n, g) => n + g.anzahl, 0),
      nights: forms.reduce((n, f) => n + f.travel_span.uebernachtungen_sum, 0),
      cents: forms.reduce((n, f) => n + Math.round(f.verwendete_kurtaxe * 100), 0),
    };
    expect(expected.cents).toBeGreaterThan(0);

    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Abrechnung' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Kurtaxe-Abrechnung');
    await page.getByLabel('Monat', { exact: true }).fill(month);
    await page.getByLabel('Objekt', { exact: true }).selectOption({ label: objekt });
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page).toHaveURL(new RegExp(`monat=${month}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dezember');

    await expect(page.getByTestId('statement-stays')).toHaveText(String(expected.stays));
    await expect(page.getByTestId('statement-persons')).toHaveText(String(expected.persons));
    await expect(page.getByTestId('statement-person-nights')).toHaveText(String(expected.nights));
    expect(cents(await page.getByTestId('statement-kurtaxe').innerText())).toBe(expected.cents);
    // By tariff: adults and children on their own rows.
    const table = page.getByTestId('statement-table');
    await expect(table.getByRole('rowheader', { name: 'Erwachsene' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Kinder 6–15' })).toBeVisible();
    // The chart's bar for the month carries the same amount.
    await expect(page.locator(`[data-month="${month}"]`)).toHaveAttribute(
      'data-cents',
      String(expected.cents),
    );
    await expectAccessible(page, 'monthly statement');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /CSV/ }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`Kurtaxe-${month}-${objekt.replace(/[^\w.-]/g, '_')}.csv`);
    const bytes = readFileSync((await csv.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    expect(rows[1]).toEqual(['Objekt', objekt]);
    const total = rows.find((r) => r[0] === 'Summe')!;
    expect(total.slice(1, 4).map(Number)).toEqual([
      expected.stays,
      expected.persons,
      expected.nights,
    ]);
    expect(total[4]).toMatch(/^\d+,\d\d$/);
    expect(cents(total[4]!)).toBe(expected.cents);
    const tariffRows = rows.slice(rows.findIndex((r) => r[0] === 'Tarif') + 1, -1);
    expect(tariffRows.reduce((n, r) => n + cents(r[4]!), 0)).toBe(expected.cents);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'PDF', exact: true }).click(),
    ]);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  },
);

test(
  'the statement in English, for a month without stays',
  { tag: '@desktop' },
  async ({ page }) => {
    await signIn(page, 'demo2');
    await page.getByRole('button', { name: 'Switch the portal to English' }).click();
    await expect(page.getByRole('button', { name: 'Portal auf Deutsch umstellen' })).toBeVisible();
    await page.goto('/abrechnung?monat=2020-01');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Spa tax statement January 2020',
    );
    await expect(page.getByText('No stay arrived in this month.')).toBeVisible();
    await expect(page.getByTestId('statement-kurtaxe')).toHaveText(/^€0\.00$/);
    await expectAccessible(page, 'empty statement in English');
  },
);
