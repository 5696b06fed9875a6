// The first staff account from OFFICE_FIRST_STAFF (docs/decisions/030): made at start while the
// office has no staff, by exactly one of several instances starting together on one empty
// PostgreSQL database; the others start without an error. PGlite has one process per data folder,
// so there a second start only finds the account made.
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDb, type Db } from '@/lib/db';
import { staffAccounts } from '@/lib/db/schema';
import { reloadEnv } from '@/lib/env';
import { createFirstStaffIfNone } from '@/lib/office/staff/first-staff';
import { createDatabase, useTestDb } from '../helpers/db';

const t = useTestDb();
const base = process.env.TEST_DATABASE_URL;

function firstStaffFromEnvironment(username: string) {
  process.env.OFFICE_FIRST_STAFF = username;
  process.env.OFFICE_FIRST_STAFF_PASSWORD = 'a long first password';
  reloadEnv();
}

afterEach(() => {
  delete process.env.OFFICE_FIRST_STAFF;
  delete process.env.OFFICE_FIRST_STAFF_PASSWORD;
  reloadEnv();
  vi.restoreAllMocks();
});

async function staffCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffAccounts);
  return row?.n ?? 0;
}

const INSTANCES = 4;

describe.skipIf(!base)('instances starting together on an empty PostgreSQL database', () => {
  it('make the first staff account once, and none of them fails', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    firstStaffFromEnvironment('amt');
    const { url, drop } = await createDatabase(base!);
    const handles = await Promise.all(Array.from({ length: INSTANCES }, () => openDb({ url })));
    try {
      const started = await Promise.allSettled(handles.map((h) => createFirstStaffIfNone(h.db)));
      expect(started.map((r) => r.status)).toEqual(Array(INSTANCES).fill('fulfilled'));
      expect(started.filter((r) => r.status === 'fulfilled' && r.value)).toHaveLength(1);
      expect(await staffCount(handles[0]!.db)).toBe(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await drop();
    }
  });
});

describe('a start on a database with staff', () => {
  it('makes no account, also when the variable names another', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    firstStaffFromEnvironment('erste');
    expect(await createFirstStaffIfNone(t.db)).toBe(true);
    firstStaffFromEnvironment('zweite');
    expect(await createFirstStaffIfNone(t.db)).toBe(false);
    expect(await staffCount(t.db)).toBe(1);
  });
});
