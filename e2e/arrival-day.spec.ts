// The arrival day (issue 31), as a landlord meets it at a phone's 375 px and on a desktop: a Dutch
// party booked for today is listed first on the overview; its stay page names who signs; the paper
// form (a PDF read back with pdftotext) names the signer's data; marking it signed shows "Auf
// Papier unterschrieben", the ID check is noted; a German-only party needs nothing; the export ZIP
// has the BeherbMeldV folders and names. In German, and the stay page in English. axe on each page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { serviceToken } from './support/api';
import { BASE_URL } from './support/env';
import { expectAccessible, signIn } from './support/portal';

const HEADERS = { 'Content-Type': 'application/json', 'User-Agent': 'meldeportal-e2e/1.0' };

/** Today and a day in Berlin, as the service counts dates. */
function berlinDate(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(d);
}

interface Person {
  first: string;
  last: string;
  birth: string;
  nationality: string;
  country: string;
  document?: string;
}

/** Books a form at the service as a booking system does; its id. */
async function book(request: APIRequestContext, persons: Person[]): Promise<number> {
  const token = await serviceToken(request, 'demo');
  const auth = { ...HEADERS, Authorization: `JWT ${token}` };
  const config = (await (
    await request.get(`${BASE_URL}/api/users/get_current_user/`, { headers: auth })
  ).json()) as {
    beherberger: { objekte: { id: number; alias: string; tarifzone: { gemeinde: number } }[] }[];
    gemeinden: { id: number; tarife: { id: number; default_selected: boolean }[] }[];
  };
  const objekt = config.beherberger.flatMap((b) => b.objekte).find((o) => o.alias === 'Möwennest')!;
  const gemeinde = config.gemeinden.find((g) => g.id === objekt.tarifzone.gemeinde)!;
  const tarif = gemeinde.tarife.find((t) => t.default_selected) ?? gemeinde.tarife[0]!;
  const arrival = berlinDate();
  const departure = berlinDate(3);
  const res = await request.post(`${BASE_URL}/api/import/meldeschein/buchen/`, {
    headers: auth,
    data: {
      meta: { gemeinde: gemeinde.id, objekt: objekt.id },
      meldescheine: [
        {
          personen: persons.map((p) => ({
            tarif_id: tarif.id,
            gast_type: 'person',
            arrival_date: arrival,
            departure_date: departure,
            Gast_Vorname: p.first,
            Gast_Name: p.last,
            Gast_Geburtsdatum: p.birth,
            Gast_Strasse: 'Keizersgracht 12',
            Gast_Postleitzahl: '1015 CS',
            Gast_Wohnort: p.country === 'DE' ? 'Köln' : 'Amsterdam',
            Gast_Land: p.country,
            Gast_Staatsangehoerigkeit: p.nationality,
            ...(p.document ? { Gast_Ausweisnummer: p.document } : {}),
          })),
        },
      ],
    },
  });
  if (!res.ok()) throw new Error(`buchen: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { meldescheine: { id: number }[] }).meldescheine[0]!.id;
}

/** The stay page, once its arrival record is written (the page's action renders it again). */
async function openStay(page: Page, id: number): Promise<void> {
  await page.goto(`/aufenthalte/${id}`);
  await expect(page.getByRole('heading', { name: /Meldeschein am Anreisetag/ })).toBeVisible();
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'arrival-e2e-'));
  try {
    const file = path.join(dir, 'form.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test(
  'a Dutch party on its arrival day: listed first, the paper route, the ID check, the export',
  { tag: '@desktop' },
  async ({ page, request }, info) => {
    test.slow(); // a whole arrival day with five axe checks: about 90 s on the shared CI machine
    const tag = info.project.name === 'phone' ? 'Telefoon' : 'Bureau';
    const id = await book(request, [
      {
        first: 'Daan',
        last: `de Vries ${tag}`,
        birth: '1984-03-12',
        nationality: 'NL',
        country: 'NL',
        document: 'NXC4R8T21',
      },
      {
        first: 'Fenna',
        last: `de Vries ${tag}`,
        birth: '2016-01-05',
        nationality: 'NL',
        country: 'NL',
        document: 'NKR5T3P07',
      },
    ]);
    await signIn(page, 'demo');
    await openStay(page, id);
    const panel = page.getByTestId('arrival-panel');
    await expect(panel.getByTestId('arrival-status')).toHaveText('Heute zu bestätigen');
    const signer = panel.locator('li[data-testid^="signer-"]').first();
    await expect(signer).toContainText(`Daan de Vries ${tag}`);
    await expect(signer).toContainText('Mitgezählt: 1 × Niederlande');
    await expectAccessible(page, 'stay page on the arrival day');

    // The paper form's link, for below.
    const href = await signer
      .getByRole('link', { name: 'Meldeschein drucken (PDF)' })
      .getAttribute('href');
    // Another language beside German, chosen in the panel (a GET form to the same PDF).
    const chooser = panel.getByTestId('paper-language');
    await chooser.getByLabel('Sprache neben Deutsch').selectOption({ label: 'Polski' });
    const action = await chooser.getAttribute('action');
    // The overview starts with it.
    await page.goto('/uebersicht');
    const today = page.getByRole('region', { name: 'Heute: Anreisen mit offenem Meldeschein' });
    await expect(today).toContainText(`Daan de Vries ${tag}: 1 Unterschrift(en) offen`);
    await expectAccessible(page, 'overview with an open arrival');
    await page.screenshot({ path: info.outputPath('overview.png') });

    // The paper form names the signer's data, beside German in the guest's language (Dutch).
    const pdf = await page.request.get(href!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(await pdf.body()).replace(/\s+/g, ' ');
    for (const part of [
      'Besonderer Meldeschein',
      `de Vries ${tag}`,
      'Daan',
      'NXC4R8T21',
      'Keizersgracht 12',
      'Niederlande / Nederland (NL)',
      'Unterschrift / Handtekening',
    ])
      expect(text).toContain(part);
    const polish = await page.request.get(`${action}?sprache=pl&gast=`);
    expect(pdfText(await polish.body()).replace(/\s+/g, ' ')).toContain('Unterschrift / Podpis');

    // Signed by hand, then the ID compared with a deviation.
    await today.getByRole('link', { name: new RegExp(`Daan de Vries ${tag}`) }).click();
    await signer.getByRole('button', { name: 'Als unterschrieben markieren' }).click();
    await expect(page.getByText('Als unterschrieben vermerkt.')).toBeVisible();
    await expect(signer.getByTestId('signer-route')).toContainText('Auf Papier unterschrieben am');
    await signer.getByLabel('Abweichung', { exact: true }).check();
    await signer.getByLabel('Welche Abweichung?').fill('Hausnummer laut Ausweis 14');
    await signer.getByRole('button', { name: 'Prüfung vermerken' }).click();
    await expect(signer.getByTestId('signer-id-check')).toContainText(
      'Abweichung: Hausnummer laut Ausweis 14, vermerkt am',
    );
    await expect(panel.getByTestId('arrival-status')).toHaveText('Vollständig');
    await expectAccessible(page, 'stay page confirmed on paper');
    await page.screenshot({ path: info.outputPath('stay-confirmed.png'), fullPage: true });

    // The record, and the same page in English.
    const record = await page.request.get(
      (await signer.getByRole('link', { name: 'Datensatz herunterladen' }).getAttribute('href'))!,
    );
    expect(await record.text()).toContain('<Weg>Unterschrift</Weg>');
    await page.context().addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
    await page.reload();
    await expect(signer.getByTestId('signer-route')).toContainText('Confirmed on paper on');
    await expect(signer.getByTestId('signer-id-check')).toContainText('Deviation: Hausnummer');
    await expectAccessible(page, 'stay page in English');
    await page.context().addCookies([{ name: 'lang', value: 'de', url: BASE_URL }]);

    // The export: year/month folders, JJJJMMTT_BeherbMeldeschein_Zaehler.xml.
    await page.goto('/aufenthalte/meldescheine');
    await expectAccessible(page, 'export page');
    const zipHref = await page
      .getByRole('link', { name: 'ZIP herunterladen' })
      .getAttribute('href');
    const zip = await page.request.get(zipHref!);
    expect(zip.headers()['content-type']).toBe('application/zip');
    const names = Object.keys(unzipSync(new Uint8Array(await zip.body())));
    const [y, m, d] = berlinDate().split('-');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names)
      expect(name).toMatch(new RegExp(`^${y}/${m}/${y}${m}${d}_BeherbMeldeschein_\\d+\\.xml$`));
  },
);

test('a German-only party needs no registration form', async ({ page, request }) => {
  const id = await book(request, [
    { first: 'Erika', last: 'Inland', birth: '1979-03-02', nationality: 'DE', country: 'DE' },
  ]);
  await signIn(page, 'demo');
  await openStay(page, id);
  await expect(page.getByTestId('arrival-not-required')).toHaveText(
    'Keine ausländischen Gäste: Es ist kein Meldeschein nach § 29 Abs. 2 BMG nötig.',
  );
  await expect(page.getByRole('button', { name: 'Als unterschrieben markieren' })).toHaveCount(0);
});

test(
  'the navigation: four groups in one line on a phone, the open group’s pages below',
  { tag: '@desktop' },
  async ({ page }, info) => {
    await signIn(page, 'demo');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const top = nav.locator('ul').first().getByRole('link');
    await expect(top).toHaveText(['Heute', 'Aufenthalte', 'Gäste', 'Einstellungen']);
    // One line: every group link sits at the same height.
    const tops = await top.evaluateAll((links) => links.map((l) => l.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    await nav.getByRole('link', { name: 'Einstellungen' }).click();
    await expect(nav.getByTestId('nav-second-level').getByRole('link')).toHaveText([
      'Kalender',
      'Zahlungen',
    ]);
    // Keyboard: the second level is reachable with Tab from the group link.
    await nav.getByRole('link', { name: 'Einstellungen' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Kalender' })).toBeFocused();
    await expectAccessible(page, 'navigation in the settings group');
    await page.screenshot({ path: info.outputPath('nav-settings.png') });
    if (info.project.name === 'phone') {
      const box = await nav.boundingBox();
      // Two short lines (44 px targets), not three wrapped ones.
      expect(box!.height).toBeLessThan(110);
    }
  },
);
