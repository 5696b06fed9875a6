// The figures' and billing's downloads ask for office.view_figures: a staff member without it is
// sent to the office's start page that names the missing right, without any data; with it, the
// CSV comes. No session at all goes to the sign-in page; marking a month billed asks for office.bill.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { staffAccounts, staffAudit } from '@/lib/db/schema';
import { sealSession } from '@/lib/office/sign-in/session-seal';
import { createStaff } from '@/lib/office/staff/staff';
import { CLI_ACTOR } from '@/lib/office/audit/audit';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
let cookie: string | undefined;

vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (name === 'mp-office' && cookie ? { name, value: cookie } : undefined),
  }),
  headers: async () => new Headers(),
}));
vi.mock('@/lib/office/db', () => ({ officeDb: async () => t.db }));

const { GET: figuresCsv } = await import('@/app/verwaltung/(amt)/zahlen/csv/route');
const { GET: billingCsv } = await import('@/app/verwaltung/(amt)/abrechnung/csv/route');
const { GET: statementPdf } = await import('@/app/verwaltung/(amt)/abrechnung/pdf/route');
const { markBilledAction } = await import('@/lib/office/billing/actions');

/** Where a handler redirected to (Next throws its redirect as an error with a digest). */
async function redirectOf(run: Promise<Response>): Promise<string> {
  try {
    const res = await run;
    return `answered ${res.status}`;
  } catch (err) {
    const digest = (err as { digest?: string }).digest ?? '';
    return digest.split(';')[2] ?? String(err);
  }
}

async function staffWith(
  username: string,
  permissions: ('office.view_figures' | 'office.view_audit')[],
) {
  const id = await createStaff(t.db, { username, permissions }, 'ein-langes-passwort', CLI_ACTOR);
  // Enrolled (a session needs a second factor on the account).
  await t.db
    .update(staffAccounts)
    .set({ totpSecret: 'JBSWY3DPEHPK3PXP' })
    .where(eq(staffAccounts.id, id));
  return sealSession(id, new Date(Date.now() - 1000));
}

describe('figures access', () => {
  let auditor = '';
  let counter = '';
  beforeAll(async () => {
    auditor = await staffWith('pruefer', ['office.view_audit']);
    counter = await staffWith('zaehler', ['office.view_figures']);
  });

  it('refuses staff without office.view_figures, and no session at all', async () => {
    const month = 'http://x/verwaltung/abrechnung/csv?monat=2027-07';
    cookie = auditor;
    // One at a time: a refusal is a rejected promise, and one not awaited yet is unhandled.
    for (const run of [
      () => figuresCsv(new Request('http://x/verwaltung/zahlen/csv?zeitraum=year&jahr=2027')),
      () => billingCsv(new Request(month)),
      () =>
        statementPdf(new Request('http://x/verwaltung/abrechnung/pdf?monat=2027-07&vermieter=1')),
    ]) {
      expect(await redirectOf(run())).toBe('/verwaltung?fehlt=office.view_figures');
    }
    cookie = undefined;
    expect(await redirectOf(billingCsv(new Request(month)))).toMatch(/^\/verwaltung\/anmelden/);
  });

  it('refuses marking a month billed without office.bill, and bills nothing', async () => {
    cookie = counter;
    const form = new FormData();
    form.set('month', '2027-07');
    form.set('beherberger', String(t.demo.beherberger.moewe));
    const run = markBilledAction(form).then(() => new Response(null, { status: 204 }));
    expect(await redirectOf(run)).toBe('/verwaltung?fehlt=office.bill');
    const billed = await t.db.select().from(staffAudit);
    expect(billed.filter((a) => a.action === 'billing.mark_billed')).toEqual([]);
  });

  it('answers staff with office.view_figures, and bad input in words', async () => {
    cookie = counter;
    const ok = await figuresCsv(
      new Request(
        `http://x/verwaltung/zahlen/csv?g=${t.demo.gemeinden.seeblick.id}&zeitraum=year&jahr=2027&nach=country`,
      ),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await ok.text()).split('\r\n')[0]).toBe(
      'country,Land der Gäste,Ankünfte,Übernachtungen,Kurtaxe (EUR)',
    );
    const bad = await billingCsv(new Request('http://x/verwaltung/abrechnung/csv?monat=2027-13'));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Bitte den Monat als JJJJ-MM angeben.');
    const badPeriod = await figuresCsv(
      new Request('http://x/verwaltung/zahlen/csv?zeitraum=month&monat=Juli'),
    );
    expect(badPeriod.status).toBe(400);
  });
});
