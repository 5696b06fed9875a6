// The settings page's actions: they ask for office.configure (a staff member without it changes
// nothing), answer every wrong field in words with what was typed, put a refusal into a sentence,
// and record the staff member as the actor. The session layer is stood in for here; its own checks
// are tested in staff-sign-in.test.ts.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { staffAudit, tarife, tarifzonen } from '@/lib/db/schema';
import type { OfficePermission } from '@/lib/office/staff/permissions';
import { CLI_ACTOR } from '@/lib/office/audit/audit';
import { createStaff } from '@/lib/office/staff/staff';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useTestDb, type TestDb } from '../helpers/db';

const t = useTestDb();
const state: { db?: TestDb['db']; permissions: Set<OfficePermission>; staffId: number } = {
  permissions: new Set(),
  staffId: 0,
};

vi.mock('next/headers', () => ({
  cookies: async () => ({ get: () => undefined }),
  headers: async () => new Headers({ 'sec-fetch-site': 'same-origin' }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
// Rendered outside Next's router: a link is a plain anchor, the router a stand-in.
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => undefined }) }));
vi.mock('next/link', async () => {
  const { createElement } = await import('react');
  return {
    default: ({ href, children, prefetch: _p, ...rest }: Record<string, unknown>) =>
      createElement('a', { href, ...rest }, children as never),
    useLinkStatus: () => ({ pending: false }),
  };
});
vi.mock('@/lib/office/db', () => ({ officeDb: async () => state.db }));
vi.mock('@/lib/office/sign-in/session', () => ({
  verifyStaffAction: async (_returnTo: string, permission: OfficePermission) => {
    if (!state.permissions.has(permission)) throw new Error(`redirect: fehlt ${permission}`);
    return {
      id: state.staffId,
      username: 'konfig',
      displayName: 'Konfig',
      permissions: state.permissions,
      gemeindeId: null,
    };
  },
}));

const { addTarifAction, addZoneAction, setRateAction } =
  await import('@/lib/office/configuration/actions');

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

beforeAll(async () => {
  state.db = t.db;
  state.staffId = await createStaff(t.db, { username: 'konfig' }, 'ein langes Passwort', CLI_ACTOR);
});

describe('settings actions', () => {
  it('refuse staff without office.configure and change nothing', async () => {
    state.permissions = new Set(['office.view_figures', 'office.manage_landlords']);
    const g = String(t.demo.gemeinden.seeblick.id);
    await expect(
      addTarifAction({}, form({ gemeinde: g, tarif_code: 'X1', alias: 'X' })),
    ).rejects.toThrow('fehlt office.configure');
    expect(await t.db.select().from(tarife).where(eq(tarife.tarifCode, 'X1'))).toEqual([]);
    expect(
      await t.db.select().from(staffAudit).where(eq(staffAudit.staffId, state.staffId)),
    ).toEqual([]);
  });

  it('name every wrong field, keep what was typed, and say refusals in words', async () => {
    state.permissions = new Set(['office.configure']);
    const g = String(t.demo.gemeinden.seeblick.id);
    const bad = await addTarifAction(
      {},
      form({ gemeinde: g, tarif_code: '', alias: '', full_alias: 'Voll' }),
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['alias', 'tarif_code']);
    expect(bad.values).toMatchObject({ full_alias: 'Voll' });

    const zone = String(t.demo.gemeinden.seeblick.zones['Zone I']);
    const past = await setRateAction(
      {},
      form({ gemeinde: g, tarif: '1', zone, season: '', valid_from: berlinToday(), euro: '3,00' }),
    );
    expect(past.error).toContain('frühestens ab morgen');
    expect(past.values).toMatchObject({ euro: '3,00' });

    const unknownGemeinde = await addZoneAction({}, form({ gemeinde: '999999', alias: 'Z' }));
    expect(unknownGemeinde.error).toBeDefined();

    const ok = await addZoneAction({}, form({ gemeinde: g, alias: 'Zone Nord' }));
    expect(ok).toEqual({ message: 'Gespeichert.' });
    const [created] = await t.db.select().from(tarifzonen).where(eq(tarifzonen.alias, 'Zone Nord'));
    const entries = await t.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.staffId, state.staffId));
    expect(entries.map((e) => [e.actor, e.action, e.subject])).toEqual([
      ['konfig', 'tarifzone.create', `tarifzone:${created!.id}`],
    ]);
    const future = await setRateAction(
      {},
      form({
        gemeinde: g,
        tarif: '1',
        zone,
        season: '',
        valid_from: addDays(berlinToday(), 5),
        euro: '3,00',
      }),
    );
    expect(future).toEqual({ message: 'Gespeichert.' });
  });
});

describe('settings sections', () => {
  it('render every configuration with a label for each field', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const sections = await import('@/app/verwaltung/(amt)/einstellungen/sections');
    const { loadOfficeConfig } = await import('@/lib/office/configuration/read');
    const { officeI18n } = await import('@/lib/office/i18n');
    const config = (await loadOfficeConfig(t.db, t.demo.gemeinden.seeblick.id))!;
    const { c } = await officeI18n();
    const html = [
      sections.ZonesSection,
      sections.SeasonsSection,
      sections.TariffsSection,
      sections.RatesSection,
      sections.FieldsSection,
    ]
      .map((section) => renderToStaticMarkup(createElement(section, { config, c, lang: 'de' })))
      .join('');
    for (const text of [
      'Tarifzonen',
      'Zone Nord',
      'Saisonzeiten',
      'ERW',
      'Gast_Name',
      'von Anfang an',
    ])
      expect(html).toContain(text);
    const controls = [...html.matchAll(/<(?:input|select)\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !tag.includes('type="hidden"'));
    expect(controls.length).toBeGreaterThan(20);
    for (const tag of controls) {
      const id = /\bid="([^"]+)"/.exec(tag)?.[1];
      expect(id, tag).toBeDefined();
      expect(html).toContain(`for="${id}"`);
    }
  });
});
