// The billing page in pages (issue 38): the page of 500 landlords was 1.77 MB of HTML, every
// landlord's row with its PDF link and billing form. Now 50 landlords to a page, sorted in the
// database across pages, with the month's count and total of all landlords, and a pager.
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
  usePathname: () => '/verwaltung/abrechnung',
}));
vi.mock('@/lib/office/db', () => ({ officeDb: async () => t.db }));

const { default: BillingPage } = await import('@/app/verwaltung/(amt)/abrechnung/page');
type Page = (p: { searchParams: Promise<Record<string, string>> }) => Promise<ReactElement>;
const render = async (sp: Record<string, string>) =>
  renderToStaticMarkup(await (BillingPage as Page)({ searchParams: Promise.resolve(sp) }));

const LANDLORDS = 120;
const MONTH = `${new Date().getFullYear() - 1}-07`;

/** The landlords named on a page, in the order they first appear. */
const named = (html: string) => [...new Set(html.match(/Testvermieter \d{3}/g) ?? [])];

describe('the billing page', () => {
  beforeAll(async () => {
    const id = await createStaff(t.db, { username: 'kasse' }, 'ein-langes-passwort', CLI_ACTOR);
    await t.db
      .update(staffAccounts)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', permissions: ['office.view_figures', 'office.bill'] })
      .where(eq(staffAccounts.id, id));
    cookie = await sealSession(id, new Date(Date.now() - 1000));
    // 120 landlords of Seeblick with one object and one form each, departed in last year's July;
    // landlord i's form is due i euros.
    await insertTestLandlords(t.db, t.demo.gemeinden.seeblick.id, LANDLORDS, MONTH, {
      padded: true,
    });
  });

  it('shows 50 landlords to a page, with the count and total of all and a pager', async () => {
    const first = await render({ monat: MONTH });
    expect(named(first)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Testvermieter ${String(i + 1).padStart(3, '0')}`),
    );
    expect(first).toContain('120 Vermieter');
    // 1 + 2 + … + 120 euros.
    expect(first).toContain('7.260,00');
    expect(first).toContain('Seite 1 von 3');
    expect(first).toContain('seite=2');
    expect(first).not.toContain('Vorherige Seite');
    const last = await render({ monat: MONTH, seite: '3' });
    expect(named(last)).toHaveLength(20);
    expect(named(last)[0]).toBe('Testvermieter 101');
    expect(last).toContain('Seite 3 von 3');
    expect(last).toContain('Vorherige Seite');
    expect(last).not.toContain('Nächste Seite');
    // A page beyond the last (a stale link) is the last.
    expect(named(await render({ monat: MONTH, seite: '9' }))[0]).toBe('Testvermieter 101');
    console.info(
      `billing page of ${LANDLORDS} landlords: ${first.length} bytes of markup for the first 50`,
    );
  });

  it('sorts across pages in the database', async () => {
    const byAmount = await render({ monat: MONTH, sort: 'amount', dir: 'desc' });
    expect(named(byAmount).slice(0, 3)).toEqual([
      'Testvermieter 120',
      'Testvermieter 119',
      'Testvermieter 118',
    ]);
    const second = await render({ monat: MONTH, sort: 'amount', dir: 'desc', seite: '2' });
    expect(named(second)[0]).toBe('Testvermieter 070');
    // The pager keeps the order.
    expect(byAmount).toContain('sort=amount&amp;dir=desc&amp;seite=2');
  });
});
