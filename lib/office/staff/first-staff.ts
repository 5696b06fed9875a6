// The first staff account from the environment (OFFICE_FIRST_STAFF and _PASSWORD), made at start
// only while the office has no staff at all: a deployment without a shell gets into its office,
// and a later start never re-creates or changes an account. Instances starting together on one
// empty database take turns under the start-up lock: one makes it, the others find it made (they
// raced to insert the same name before, and all but one stopped with a unique violation).
import { count } from 'drizzle-orm';
import { lockStartup, type Db } from '../../db';
import { staffAccounts } from '../../db/schema';
import { env } from '../../env';
import { createStaff } from './staff';

/** True when this call made the account. */
export async function createFirstStaffIfNone(db: Db): Promise<boolean> {
  const { OFFICE_FIRST_STAFF: username, OFFICE_FIRST_STAFF_PASSWORD: password } = env();
  if (!username || !password) return false;
  const made = await db.transaction(async (tx) => {
    await lockStartup(tx);
    const [row] = await tx.select({ n: count() }).from(staffAccounts);
    if ((row?.n ?? 0) > 0) return false;
    await createStaff(tx, { username }, password, { staffId: null, name: 'environment' });
    return true;
  });
  if (made)
    console.info(`meldeportal: first staff account ${username} created (OFFICE_FIRST_STAFF)`);
  return made;
}
