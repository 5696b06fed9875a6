// `npm run db:migrate`: bring the configured database (DATABASE_URL or the embedded one) up to date.
import { getDbHandle } from '../lib/db';

async function main(): Promise<void> {
  const handle = await getDbHandle();
  console.info(`migrations applied (${handle.driver})`);
  await handle.close();
}

void main();
