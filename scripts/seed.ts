// `npm run seed`: load the demo data into the configured database if it has no accounts yet.
import { getDbHandle } from '../lib/db';
import { seedDemoIfEmpty } from '../lib/service/provisioning/demo';

async function main(): Promise<void> {
  const handle = await getDbHandle();
  if (await seedDemoIfEmpty(handle.db)) {
    console.info('demo data loaded: demo/demo, demo2/demo2, multi/multi, tanne/tanne');
  } else {
    console.info('the database already has accounts; demo data not loaded');
  }
  await handle.close();
}

void main();
