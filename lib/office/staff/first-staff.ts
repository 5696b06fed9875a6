// The first staff account from the environment (OFFICE_FIRST_STAFF and _PASSWORD), made at start
// only while the office has no staff at all: a deployment without a shell gets into its office,
// and a later start never re-creates or changes an account.
import { count } from 'drizzle-orm';
import type { Db } from '../../db';
import { staffAccounts } from '../../db/schema';
import { env } from '../../env';
import { createStaff } from './staff';

export async function createFirstStaffIfNone(db: Db): Promise<void> {
  const { OFFICE_FIRST_STAFF: username, OFFICE_FIRST_STAFF_PASSWORD: password } = env();
  if (!username || !password) return;
  const [row] = await db.select({ n: count() }).from(staffAccounts);
  if ((row?.n ?? 0) > 0) return;
  await createStaff(db, { username }, password, { staffId: null, name: 'environment' });
  console.info(`meldeportal: first staff account ${username} created (OFFICE_FIRST_STAFF)`);
}
