// Staff per municipality (docs/decisions/030): an account bound to Hohenwald sees only Hohenwald in
// the office's lists, figures and billing; a Seeblick landlord's page is a 404 like an unknown id;
// every landlord, object, account, configuration, billing, inspection and staff action with a
// Seeblick id is refused exactly as an unknown id is, changing nothing and writing no audit entry.
// An unbound account (the service's operator) sees both municipalities. The real session layer
// runs here (a sealed cookie of an enrolled account), so the session's municipality is tested too.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  beherberger,
  meldescheine,
  objekte,
  staffAccounts,
  staffAudit,
  tarife,
  tarifzonen,
  users,
} from '@/lib/db/schema';
import { CLI_ACTOR, listAudit } from '@/lib/office/audit/audit';
import { markBilled } from '@/lib/office/billing/billing';
import { landlordStatementPdf } from '@/lib/office/billing/statement';
import { officeGemeinden } from '@/lib/office/figures/figures';
import { inspectionLandlords } from '@/lib/office/inspection/inspection';
import { inspectionExport } from '@/lib/office/inspection/route';
import { addBeherberger } from '@/lib/office/landlords/landlords';
import { officeWords } from '@/lib/office/i18n';
import { staffGemeinden } from '@/lib/office/staff/scope';
import { sealSession, type Staff } from '@/lib/office/sign-in/session-seal';
import { createStaff, StaffInputError } from '@/lib/office/staff/staff';
import {
  changeStaffGemeinde,
  createStaffWithInvitation,
  listStaff,
} from '@/lib/office/staff/admin';
import { FieldError, updateBeherberger } from '@/lib/office/landlords/edits';
import { useTestDb } from '../helpers/db';
import { formsClient, person, Y } from '../service/meldeschein-fixtures';

const t = useTestDb();
let cookie: string | undefined;

vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (name === 'mp-office' && cookie ? { name, value: cookie } : undefined),
  }),
  headers: async () => new Headers({ 'sec-fetch-site': 'same-origin' }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
  notFound: () => {
    throw new Error('not found (404)');
  },
  useRouter: () => ({ push: () => {} }),
  usePathname: () => '/verwaltung',
}));
vi.mock('next/server', async (original) => ({
  ...(await original<typeof import('next/server')>()),
  after: () => undefined,
}));
vi.mock('@/lib/office/db', () => ({ officeDb: async () => t.db }));

const { verifyStaff } = await import('@/lib/office/sign-in/session');
const { createAccount, createLandlord, createObject, setLandlordActive } =
  await import('@/lib/office/landlords/actions');
const { editAccount, editLandlord, editObject, inviteAccount, setAccountActive, setObjectActive } =
  await import('@/lib/office/landlords/account-actions');
const { addZoneAction, deleteTarifAction, renameZoneAction } =
  await import('@/lib/office/configuration/actions');
const { markBilledAction } = await import('@/lib/office/billing/actions');
const { createStaffMember, saveStaffRights, setStaffActive } =
  await import('@/lib/office/staff/actions');
const { default: LandlordList } = await import('@/app/verwaltung/(amt)/vermieter/page');
const { default: LandlordPage } = await import('@/app/verwaltung/(amt)/vermieter/[id]/page');
const { default: FiguresPage } = await import('@/app/verwaltung/(amt)/zahlen/page');
const { GET: figuresCsv } = await import('@/app/verwaltung/(amt)/zahlen/csv/route');

const ALL_RIGHTS = [
  'office.view_figures',
  'office.manage_landlords',
  'office.configure',
  'office.view_audit',
  'office.manage_staff',
  'office.inspect',
  'office.bill',
] as const;

interface Member {
  id: number;
  cookie: string;
  staff: Staff;
}

/** An enrolled staff account with every right, bound to `gemeinde` (null: all). */
async function member(username: string, gemeinde: number | null): Promise<Member> {
  const id = await createStaff(
    t.db,
    { username, permissions: [...ALL_RIGHTS], gemeinde },
    'ein-langes-passwort',
    CLI_ACTOR,
  );
  await t.db
    .update(staffAccounts)
    .set({ totpSecret: 'JBSWY3DPEHPK3PXP' })
    .where(eq(staffAccounts.id, id));
  return {
    id,
    cookie: await sealSession(id, new Date(Date.now() - 1000)),
    staff: {
      id,
      username,
      displayName: username,
      permissions: new Set(ALL_RIGHTS),
      gemeindeId: gemeinde,
    },
  };
}

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

/**
 * What a promise ended in, as text: its value's JSON (without a form's echoed `values`), or the
 * thrown message (a redirect's address with its landlord id as `ID`).
 */
async function outcome(run: Promise<unknown>): Promise<string> {
  try {
    const value = await run;
    if (value && typeof value === 'object' && 'values' in value) {
      const { values: _echo, ...rest } = value;
      return JSON.stringify(rest);
    }
    return JSON.stringify(value ?? null);
  } catch (err) {
    return `threw: ${(err as Error).message.replace(/nichts=\d+/, 'nichts=ID')}`;
  }
}

const auditBy = (staffId: number) =>
  t.db.select().from(staffAudit).where(eq(staffAudit.staffId, staffId));

const UNKNOWN = 987_654;
let hw = 0;
let sb = 0;
let clerk: Member; // bound to Hohenwald
let boss: Member; // unbound
let tanne = 0; // a landlord of Hohenwald
let seeblickZone = 0;
let seeblickTarif = 0;
let demoUser = 0;

beforeAll(async () => {
  hw = t.demo.gemeinden.hohenwald.id;
  sb = t.demo.gemeinden.seeblick.id;
  clerk = await member('amt-hohenwald', hw);
  boss = await member('betreiber', null);
  tanne = await addBeherberger(
    t.db,
    { gemeinde: hw, alias: 'Pension Tanne', ort: 'Hohenwald' },
    CLI_ACTOR,
  );
  [{ id: seeblickZone }] = (await t.db
    .select({ id: tarifzonen.id })
    .from(tarifzonen)
    .where(eq(tarifzonen.gemeindeId, sb))) as [{ id: number }];
  [{ id: seeblickTarif }] = (await t.db
    .select({ id: tarife.id })
    .from(tarife)
    .where(eq(tarife.gemeindeId, sb))) as [{ id: number }];
  [{ id: demoUser }] = (await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'demo'))) as [{ id: number }];
  // A July stay at Möwennest (Seeblick) and one at the agency's Waldhütte (Hohenwald).
  await (await formsClient(t, 'demo')).bookOk([person()]);
  const [waldTarif] = await t.db
    .select({ id: tarife.id })
    .from(tarife)
    .where(eq(tarife.gemeindeId, hw))
    .orderBy(tarife.id)
    .limit(1);
  const wald = await formsClient(t, 'multi', { gemeinde: hw, objekt: t.demo.objekte.agenturB });
  await wald.bookOk([
    {
      tarif_id: waldTarif!.id,
      gast_type: 'person',
      arrival_date: `${Y}-07-05`,
      departure_date: `${Y}-07-07`,
      Gast_Vorname: 'Wanda',
      Gast_Name: 'Wald',
      Gast_Land: 'DE',
    },
  ]);
});

describe('a staff account of one municipality', () => {
  it('carries its municipality in the session and lists only it; an unbound one lists all', async () => {
    cookie = clerk.cookie;
    expect((await verifyStaff('/verwaltung')).gemeindeId).toBe(hw);
    expect(await staffGemeinden(t.db, clerk.staff)).toEqual([
      { id: hw, alias: 'Luftkurort Hohenwald' },
    ]);
    expect((await officeGemeinden(t.db, clerk.staff)).map((g) => g.id)).toEqual([hw]);
    expect((await staffGemeinden(t.db, boss.staff)).map((g) => g.alias).sort()).toEqual([
      'Kurort Tanne',
      'Luftkurort Hohenwald',
      'Ostseebad Seeblick',
    ]);

    type ListPage = (p: { searchParams: Promise<Record<string, string>> }) => Promise<ReactElement>;
    const list = async (q: string) =>
      renderToStaticMarkup(
        await (LandlordList as ListPage)({ searchParams: Promise.resolve({ q }) }),
      );
    const mine = await list('');
    expect(mine).toContain('Pension Tanne');
    expect(mine).not.toContain('Ferienwohnungen Möwe');
    expect(mine).not.toContain('Haus Seeblick');
    // A search for another municipality's landlord finds nothing.
    expect(await list('Möwe')).not.toContain('Ferienwohnungen Möwe');
    cookie = boss.cookie;
    const all = await list('');
    expect(all).toContain('Pension Tanne');
    expect(all).toContain('Ferienwohnungen Möwe');
  });

  it('sees only its figures, even when the address asks for another municipality', async () => {
    type Page = (p: { searchParams: Promise<Record<string, string>> }) => Promise<ReactElement>;
    const ask = { g: String(sb), zeitraum: 'month', monat: `${Y}-07`, nach: 'objekt' };
    const page = async () =>
      renderToStaticMarkup(await (FiguresPage as Page)({ searchParams: Promise.resolve(ask) }));
    const csv = async () =>
      (
        await figuresCsv(new Request(`http://x/verwaltung/zahlen/csv?${new URLSearchParams(ask)}`))
      ).text();

    cookie = clerk.cookie;
    const html = await page();
    expect(html).toContain('Waldhütte');
    expect(html).not.toContain('Möwennest');
    expect(html).not.toContain('Ostseebad Seeblick');
    const text = await csv();
    expect(text).toContain('Waldhütte');
    expect(text).not.toContain('Möwennest');

    cookie = boss.cookie;
    expect(await page()).toContain('Möwennest');
    expect(await csv()).toContain('Möwennest');
  });

  it("answers a Seeblick landlord's page with the same 404 as an unknown id", async () => {
    type IdPage = (p: { params: Promise<{ id: string }> }) => Promise<ReactElement>;
    const open = (id: number) =>
      outcome((LandlordPage as IdPage)({ params: Promise.resolve({ id: String(id) }) }));
    cookie = clerk.cookie;
    const moewe = await open(t.demo.beherberger.moewe);
    expect(moewe).toBe('threw: not found (404)');
    expect(moewe).toBe(await open(UNKNOWN));
    expect(await open(tanne)).not.toMatch(/^threw/);
    cookie = boss.cookie;
    expect(await open(t.demo.beherberger.moewe)).not.toMatch(/^threw/);
  });

  it('is refused every change with a Seeblick id exactly as with an unknown id, with no change and no audit entry', async () => {
    cookie = clerk.cookie;
    const moewe = t.demo.beherberger.moewe;
    const moeweA = t.demo.objekte.moeweA;
    const before = {
      landlord: await t.db.select().from(beherberger).where(eq(beherberger.id, moewe)),
      object: await t.db.select().from(objekte).where(eq(objekte.id, moeweA)),
      user: await t.db.select().from(users).where(eq(users.id, demoUser)),
      zones: await t.db.select().from(tarifzonen).orderBy(tarifzonen.id),
      tarife: await t.db.select().from(tarife).orderBy(tarife.id),
    };
    const same = async (run: (id: number) => Promise<unknown>, seeblickId: number) => {
      const refused = await outcome(run(seeblickId));
      expect(refused).toBe(await outcome(run(UNKNOWN)));
      return refused;
    };

    // Landlords, objects, accounts.
    const edited = await same(
      (id) => editLandlord({}, form({ beherberger: String(id), alias: 'Gekapert' })),
      moewe,
    );
    expect(edited).toContain('Diesen Eintrag gibt es nicht.');
    await same((id) => setLandlordActive(form({ beherberger: String(id), active: '0' })), moewe);
    await same(
      (id) =>
        editObject(
          {},
          form({ objekt: String(id), beherberger: String(moewe), alias: 'X', anzahl_betten: '9' }),
        ),
      moeweA,
    );
    await same(
      (id) =>
        setObjectActive(form({ objekt: String(id), beherberger: String(moewe), active: '0' })),
      moeweA,
    );
    await same(
      (id) => editAccount({}, form({ user: String(id), beherberger: String(moewe), alias: 'X' })),
      demoUser,
    );
    await same(
      (id) => setAccountActive(form({ user: String(id), beherberger: String(moewe), active: '0' })),
      demoUser,
    );
    await same(
      (id) => inviteAccount({}, form({ user: String(id), beherberger: String(moewe) })),
      demoUser,
    );
    await same(
      (id) =>
        createObject(
          {},
          form({
            beherberger: String(id),
            tarifzone: String(seeblickZone),
            alias: 'Neu',
            anzahl_betten: '2',
          }),
        ),
      moewe,
    );
    await same(
      (id) =>
        createAccount(
          {},
          form({ beherberger: String(id), username: 'fremd', email: 'f@example.org' }),
        ),
      moewe,
    );
    const created = await same(
      (g) => createLandlord({}, form({ gemeinde: String(g), alias: 'Fremd' })),
      sb,
    );
    expect(created).toContain('"gemeinde"');

    // Configuration: another municipality, or another municipality's row under our own.
    const cfg = await same(
      (g) => addZoneAction({}, form({ gemeinde: String(g), alias: 'Fremdzone' })),
      sb,
    );
    expect(cfg).toContain('Diesen Eintrag gibt es (nicht mehr).');
    await same(
      (id) =>
        renameZoneAction({}, form({ gemeinde: String(hw), id: String(id), alias: 'Umbenannt' })),
      seeblickZone,
    );
    await same(
      (g) =>
        renameZoneAction(
          {},
          form({ gemeinde: String(g), id: String(seeblickZone), alias: 'Umbenannt' }),
        ),
      sb,
    );
    await same(
      (g) => deleteTarifAction({}, form({ gemeinde: String(g), id: String(seeblickTarif) })),
      sb,
    );

    // Billing and inspection.
    const billed = await same(
      (id) => markBilledAction(form({ month: `${Y}-07`, beherberger: String(id) })),
      moewe,
    );
    expect(billed).toContain('nichts=ID');
    const inspect = (id: number, who: Staff = clerk.staff) =>
      inspectionExport(
        new Request('http://office.test/verwaltung/auskunft/export', {
          method: 'POST',
          headers: { 'sec-fetch-site': 'same-origin' },
          body: new URLSearchParams({
            beherberger: String(id),
            from: `${Y}-07-01`,
            to: `${Y}-07-31`,
            format: 'csv',
          }),
        }),
        who,
        t.db,
      ).then(async (r) => ({ status: r.status, text: await r.text() }));
    const inspected = await same((id) => inspect(id), moewe);
    expect(inspected).toContain('"status":404');
    expect((await inspectionLandlords(t.db, clerk.staff)).map((l) => l.id)).toEqual([tanne]);
    expect((await inspect(tanne)).status).toBe(200);

    expect(await t.db.select().from(beherberger).where(eq(beherberger.id, moewe))).toEqual(
      before.landlord,
    );
    expect(await t.db.select().from(objekte).where(eq(objekte.id, moeweA))).toEqual(before.object);
    expect(await t.db.select().from(users).where(eq(users.id, demoUser))).toEqual(before.user);
    expect(await t.db.select().from(tarifzonen).orderBy(tarifzonen.id)).toEqual(before.zones);
    expect(await t.db.select().from(tarife).orderBy(tarife.id)).toEqual(before.tarife);
    expect(await t.db.select().from(beherberger).where(eq(beherberger.alias, 'Fremd'))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.username, 'fremd'))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(meldescheine)
        .where(sql`${meldescheine.invoice} is not null`),
    ).toEqual([]);
    expect((await auditBy(clerk.id)).map((a) => a.action)).toEqual(['inspection.export']);
    expect((await inspect(moewe, boss.staff)).status).toBe(200);

    // Its own municipality's landlord it changes, with the audit entry.
    expect(
      await editLandlord(
        {},
        form({ beherberger: String(tanne), alias: 'Pension Tanne', ort: 'Tannental' }),
      ),
    ).toMatchObject({ message: officeWords('de').m.landlords.saved });
    expect((await auditBy(clerk.id)).map((a) => a.subject)).toEqual([
      `beherberger:${tanne}`,
      `beherberger:${tanne}`,
    ]);
  });

  it("bills only its municipality's forms: the agency's Hohenwald stay, never Möwe's Seeblick one", async () => {
    const aug15 = `${Y}-08-15`;
    const agentur = t.demo.beherberger.agentur;
    const hwIds = [hw];
    const m = officeWords('de').m.billing;
    expect(
      await markBilled(t.db, CLI_ACTOR, hwIds, t.demo.beherberger.moewe, `${Y}-07`, aug15),
    ).toEqual([]);
    expect(
      await landlordStatementPdf(t.db, hwIds, t.demo.beherberger.moewe, `${Y}-07`, aug15, 'de', m),
    ).toBeNull();
    expect(
      await landlordStatementPdf(t.db, hwIds, agentur, `${Y}-07`, aug15, 'de', m),
    ).not.toBeNull();
    const marked = await markBilled(t.db, CLI_ACTOR, hwIds, agentur, `${Y}-07`, aug15);
    expect(marked).toMatchObject([{ gemeindeId: hw, forms: 1 }]);
    const billed = await t.db
      .select({ gemeinde: meldescheine.gemeindeId })
      .from(meldescheine)
      .where(sql`${meldescheine.invoice} is not null`);
    expect(billed).toEqual([{ gemeinde: hw }]);
    // The operator bills Möwe's Seeblick month.
    expect(
      await markBilled(t.db, CLI_ACTOR, [hw, sb], t.demo.beherberger.moewe, `${Y}-07`, aug15),
    ).toMatchObject([{ gemeindeId: sb, forms: 1 }]);
  });
});

describe('staff management and the audit log per municipality', () => {
  it('shows and manages only its municipality’s staff, and makes staff only of it', async () => {
    expect((await listStaff(t.db, clerk.staff)).map((s) => s.username)).toEqual(['amt-hohenwald']);
    expect((await listStaff(t.db, boss.staff)).map((s) => s.username)).toEqual(
      expect.arrayContaining(['amt-hohenwald', 'betreiber']),
    );

    cookie = clerk.cookie;
    const before = await t.db.select().from(staffAccounts).where(eq(staffAccounts.id, boss.id));
    const refusals = [
      await saveStaffRights({}, form({ staff: String(boss.id), permissions: 'office.view_audit' })),
      await setStaffActive({}, form({ staff: String(boss.id), active: '0' })),
      await saveStaffRights({}, form({ staff: String(UNKNOWN), permissions: 'office.view_audit' })),
    ];
    expect(new Set(refusals.map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ error: 'Dieses Konto gibt es nicht.' })]),
    );
    expect(await t.db.select().from(staffAccounts).where(eq(staffAccounts.id, boss.id))).toEqual(
      before,
    );
    // The inspection and the landlord edit of the test above, nothing more.
    expect(await auditBy(clerk.id)).toHaveLength(2);

    // The form's municipality is ignored: a bound manager makes staff of its own.
    await expect(
      createStaffMember(
        {},
        form({ username: 'kasse-wald', email: 'kasse@wald.example', gemeinde: String(sb) }),
      ),
    ).rejects.toThrow(/redirect \/verwaltung\/mitarbeitende\/\d+\?angelegt=1/);
    const [made] = await t.db
      .select({ gemeinde: staffAccounts.gemeindeId })
      .from(staffAccounts)
      .where(eq(staffAccounts.username, 'kasse-wald'));
    expect(made).toEqual({ gemeinde: hw });
    await expect(
      createStaffWithInvitation(
        t.db,
        { username: 'x-see', email: 'x@see.example', permissions: [], gemeinde: sb },
        { staffId: clerk.id, name: clerk.staff.username },
        clerk.staff,
      ),
    ).rejects.toThrow(FieldError);

    // An unbound manager chooses: a municipality, none (all), or is told an unknown one is wrong.
    cookie = boss.cookie;
    for (const [username, gemeinde] of [
      ['kasse-see', String(sb)],
      ['zentrale', ''],
    ] as const) {
      await expect(
        createStaffMember({}, form({ username, email: `${username}@example.org`, gemeinde })),
      ).rejects.toThrow(/redirect/);
    }
    const chosen = await t.db
      .select({ username: staffAccounts.username, gemeinde: staffAccounts.gemeindeId })
      .from(staffAccounts)
      .where(sql`${staffAccounts.username} in ('kasse-see', 'zentrale')`)
      .orderBy(staffAccounts.username);
    expect(chosen).toEqual([
      { username: 'kasse-see', gemeinde: sb },
      { username: 'zentrale', gemeinde: null },
    ]);
    const wrong = await createStaffMember(
      {},
      form({ username: 'niemand', email: 'n@example.org', gemeinde: String(UNKNOWN) }),
    );
    expect(wrong).toMatchObject({ errors: { gemeinde: expect.any(String) } });
  });

  it('shows a bound account the entries about its municipality, whoever wrote them; an unbound one all', async () => {
    const page = { limit: 500, offset: 0 };
    const bound = await listAudit(t.db, { ...page, scope: clerk.staff });
    expect(bound.entries.length).toBeGreaterThan(0);
    expect(bound.total).toBe(bound.entries.length);
    expect(bound.entries.every((e) => e.gemeindeId === hw)).toBe(true);
    // The command line made Pension Tanne, a landlord of Hohenwald: Hohenwald sees it.
    expect(bound.entries).toContainEqual(
      expect.objectContaining({ actor: 'cli', subject: `beherberger:${tanne}` }),
    );
    const all = await listAudit(t.db, { ...page, scope: boss.staff });
    expect(all.entries.some((e) => e.staffId === boss.id)).toBe(true);
    expect(all.entries.some((e) => e.gemeindeId === null)).toBe(true);
    expect(all.entries.some((e) => e.gemeindeId === sb)).toBe(true);
    expect(all.total).toBeGreaterThan(bound.total);
  });

  it('keeps an entry with the municipality it concerned when its actor moves to another', async () => {
    const page = { limit: 500, offset: 0 };
    const mover = await member('wechsel-see', sb);
    const reader = await member('leser-see', sb);
    const house = t.demo.beherberger.seeblickHaus;
    await updateBeherberger(
      t.db,
      house,
      { alias: 'Haus Seeblick', ort: 'Seeblick am See' },
      { staffId: mover.id, name: mover.staff.username },
    );
    const about = (entries: { subject: string; staffId: number | null }[]) =>
      entries.filter((e) => e.subject === `beherberger:${house}` && e.staffId === mover.id);
    expect(about((await listAudit(t.db, { ...page, scope: reader.staff })).entries)).toHaveLength(
      1,
    );
    // The operator moves the account to Hohenwald: its Seeblick entry stays Seeblick's.
    await changeStaffGemeinde(
      t.db,
      mover.id,
      hw,
      { staffId: boss.id, name: boss.staff.username },
      boss.staff,
    );
    expect(about((await listAudit(t.db, { ...page, scope: clerk.staff })).entries)).toEqual([]);
    expect(about((await listAudit(t.db, { ...page, scope: reader.staff })).entries)).toHaveLength(
      1,
    );
  });

  it('the command line binds a new staff account to --gemeinde, and refuses an unknown one', async () => {
    const id = await createStaff(
      t.db,
      { username: 'cli-wald', permissions: ['office.view_figures'], gemeinde: hw },
      'ein-langes-passwort',
      CLI_ACTOR,
    );
    const [row] = await t.db
      .select({ gemeinde: staffAccounts.gemeindeId })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, id));
    expect(row).toEqual({ gemeinde: hw });
    await expect(
      createStaff(
        t.db,
        { username: 'cli-nirgends', gemeinde: UNKNOWN },
        'ein-langes-passwort',
        CLI_ACTOR,
      ),
    ).rejects.toThrow(StaffInputError);
  });
});
