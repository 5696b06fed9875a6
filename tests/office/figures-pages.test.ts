// The figures and billing pages rendered for a staff member with office.view_figures: the chart
// (an SVG image with its text alternative), the table with the figures of known forms, the CSV
// link; bad input named in words instead of an error; billing's per-landlord row with its PDF link
// and, with office.bill, the button that marks the month billed; the figures' table in pages.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { staffAccounts } from '@/lib/db/schema';
import { CLI_ACTOR } from '@/lib/office/audit/audit';
import { sealSession } from '@/lib/office/sign-in/session-seal';
import { createStaff } from '@/lib/office/staff/staff';
import { useTestDb } from '../helpers/db';
import { insertTestLandlords } from '../helpers/office-landlords';
import { formsClient, person, Y } from '../service/meldeschein-fixtures';

const t = useTestDb();
let cookie: string | undefined;
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (name === 'mp-office' && cookie ? { name, value: cookie } : undefined),
  }),
  headers: async () => new Headers(),
}));
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
  useRouter: () => ({ push: () => {} }),
  usePathname: () => '/verwaltung',
}));
vi.mock('@/lib/office/db', () => ({ officeDb: async () => t.db }));

const { default: FiguresPage } = await import('@/app/verwaltung/(amt)/zahlen/page');
const { default: BillingPage } = await import('@/app/verwaltung/(amt)/abrechnung/page');

type Page = (p: { searchParams: Promise<Record<string, string>> }) => Promise<ReactElement>;
const render = async (page: Page, sp: Record<string, string>) =>
  renderToStaticMarkup(await page({ searchParams: Promise.resolve(sp) }));

describe('figures pages', () => {
  beforeAll(async () => {
    const id = await createStaff(t.db, { username: 'zahlen' }, 'ein-langes-passwort', CLI_ACTOR);
    await t.db
      .update(staffAccounts)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP' })
      .where(eq(staffAccounts.id, id));
    cookie = await sealSession(id, new Date(Date.now() - 1000));
    const demo = await formsClient(t, 'demo');
    await demo.bookOk([person(), person({ Gast_Land: 'AT' })]);
  });

  it('shows chart, table and CSV link of a month by country', async () => {
    const g = String(t.demo.gemeinden.seeblick.id);
    const html = await render(FiguresPage as Page, {
      g,
      zeitraum: 'month',
      monat: `${Y}-07`,
      nach: 'country',
    });
    expect(html).toContain('role="img"');
    // Every bar named with its overnight stays (3 nights each, equal: in code order).
    expect(/<desc[^>]*>([^<]*)/.exec(html)?.[1]).toBe('Österreich: 3; Deutschland: 3');
    expect(html).toContain('<caption');
    expect(html).toContain('9,00');
    expect(html).toContain(
      `/verwaltung/zahlen/csv?g=${g}&amp;zeitraum=month&amp;monat=${Y}-07&amp;nach=country`,
    );
    const bad = await render(FiguresPage as Page, { g, zeitraum: 'month', monat: 'Juli' });
    expect(bad).toContain('Der Zeitraum ist ungültig');
    expect(bad).not.toContain('role="img"');
  });

  it('writes countries and months in the CSV by the names the page shows, beside their codes', async () => {
    const g = String(t.demo.gemeinden.seeblick.id);
    const { GET } = await import('@/app/verwaltung/(amt)/zahlen/csv/route');
    const csv = async (nach: string) =>
      (
        await GET(
          new Request(
            `http://localhost/verwaltung/zahlen/csv?g=${g}&zeitraum=year&jahr=${Y}&nach=${nach}`,
          ),
        )
      ).text();
    const byCountry = await csv('country');
    expect(byCountry).toContain('AT,Österreich,');
    expect(byCountry).toContain('DE,Deutschland,');
    const byMonth = await csv('month');
    expect(byMonth).toContain(`${Y}-07,Juli ${Y},`);
  });

  it('lists the landlords of a billing month with PDF link and the billing button', async () => {
    const html = await render(BillingPage as Page, { monat: `${Y}-07` });
    // Next year's July is not over: nothing is ready for billing yet.
    expect(html).toContain('In diesem Monat ist nichts abrechnungsreif.');
    const demo = await formsClient(t, 'demo');
    const past = `${new Date().getFullYear() - 1}`;
    await demo.bookOk([
      person({ arrival_date: `${past}-03-02`, departure_date: `${past}-03-04`, Gast_Land: 'DE' }),
    ]);
    const march = await render(BillingPage as Page, { monat: `${past}-03` });
    expect(march).toContain('Ferienwohnungen Möwe');
    expect(march).toContain(
      `/verwaltung/abrechnung/pdf?monat=${past}-03&amp;vermieter=${t.demo.beherberger.moewe}`,
    );
    expect(march).toContain('Als abgerechnet markieren');
    expect(march).toContain(`/verwaltung/abrechnung/csv?monat=${past}-03`);
  });
});

const LANDLORDS = 120;
const MONTH = `${new Date().getFullYear() - 1}-07`;

/** The test landlords in the table's rows, in their order (the chart names some of them too). */
const named = (html: string) =>
  [...(html.split('<tbody')[1] ?? '').matchAll(/Testvermieter (\d+)/g)].map((m) => Number(m[1]));

// The table in pages (issue 38): a month by object of a resort with 1,000 objects was a table of
// 1,000 rows, 1 MB of page and 41 MB of garbage in the server to render it. Now 50 groups to a
// page, sorted across pages by the column the URL names (names with numbers in them by value), the
// total of all groups beneath, and a pager.
describe('the figures table', () => {
  let renderTable: (sp: Record<string, string>) => Promise<string>;
  beforeAll(async () => {
    const g = t.demo.gemeinden.seeblick.id;
    const base = { g: String(g), zeitraum: 'month', monat: MONTH, nach: 'beherberger' };
    renderTable = (sp) => render(FiguresPage as Page, { ...base, ...sp });
    // 120 landlords of Seeblick with one form each in last year's July: landlord i's form has i
    // guests for two nights. Names without leading zeros: "Testvermieter 9" sorts before
    // "Testvermieter 10" by value.
    await insertTestLandlords(t.db, g, LANDLORDS, MONTH, { guests: true });
  });

  it('shows 50 groups to a page, most overnight stays first, with the total of all', async () => {
    const first = await renderTable({});
    expect(named(first)).toEqual(Array.from({ length: 50 }, (_, i) => 120 - i));
    expect(first).toContain('Seite 1 von 3');
    expect(first).toContain('seite=2');
    expect(first).not.toContain('Vorherige Seite');
    // 1 + 2 + … + 120 arrivals, of all landlords, not of this page.
    expect(first).toContain('Summe aller 120');
    expect(first).toContain('7.260');
    const last = await renderTable({ seite: '3' });
    expect(named(last)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(last).toContain('Seite 3 von 3');
    expect(last).not.toContain('Nächste Seite');
    // A page beyond the last (a stale link) is the last.
    expect(named(await renderTable({ seite: '9' }))).toEqual(named(last));
    console.info(
      `figures page of ${LANDLORDS} landlords: ${first.length} bytes of markup for the first 50`,
    );
  });

  it('sorts names by their numbers across pages, and the pager keeps the order', async () => {
    const byName = await renderTable({ sort: 'label', dir: 'asc' });
    expect(named(byName)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(byName).toContain('sort=label&amp;dir=asc&amp;seite=2');
    expect(named(await renderTable({ sort: 'label', dir: 'asc', seite: '2' }))[0]).toBe(51);
    const byKurtaxe = await renderTable({ sort: 'kurtaxe', dir: 'asc', seite: '3' });
    expect(named(byKurtaxe)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
  });
});
