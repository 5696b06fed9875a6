// Production entry (`npm start`): the service on bare node:http, everything else to Next.
// A Next route handler costs ~1 ms CPU per request; the service must not pay that (DECISIONS 1).
import next from 'next';
import { DataDirLockedError, getDb, getDbHandle, type Db } from './lib/db';
import { envAtStart, nextAuthUrl } from './lib/env';
import { seedDemoCalendar } from './lib/portal/calendars/demo-feed';
import { startCalendarSync, stopCalendarSync } from './lib/portal/calendars/scheduler';
import { officeDb } from './lib/office/db';
import { keptPages } from './lib/portal/kept-pages/front';
import { seedsDemo } from './lib/service/bootstrap';
import { demoCalendarObject } from './lib/service/provisioning/demo';
import { appListener, createHttpServer } from './lib/service/node-http';

async function main(): Promise<void> {
  // Every variable checked before anything starts: a missing secret is named here, not by a 500.
  const { PORT: port, HOST: hostname } = envAtStart('meldeportal');
  nextAuthUrl();
  try {
    // The service's start-up and the office's after it (the first staff account, its outbox).
    await officeDb();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`meldeportal: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  // Booking calendars: the first round at once (this file is never loaded by `next build`), the
  // demo's calendar before it; instrumentation.ts then finds the sync started.
  startCalendarSync(getDb, { firstAfterMs: 0, prepare: prepareDemoCalendar });
  const app = next({ dev: false, hostname, port, dir: process.cwd() });
  const handleNext = app.getRequestHandler();
  await app.prepare();
  // The front door (request target, Host, methods) and the API's timeouts cover Next's pages too;
  // the stays list and the overview are served kept while nothing they show changed (decision 026).
  const server = createHttpServer(appListener(keptPages(handleNext)));
  server.listen(port, hostname, () => {
    console.info(
      `meldeportal: listening on http://localhost:${port} (service at /api/, AVS face at /avs/JMeldescheinWebservices)`,
    );
  });
  // A calendar round in flight finishes first (it claims no more feeds once asked to stop), so a
  // deploy does not cut it short; requests in flight finish meanwhile.
  const stop = () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    void Promise.all([closed, stopCalendarSync()]).then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** The demo landlord's object gets the demo calendar (docs/decisions/015) in a demo database. */
async function prepareDemoCalendar(db: Db): Promise<void> {
  if (!seedsDemo((await getDbHandle()).driver)) return;
  const target = await demoCalendarObject(db);
  if (target) await seedDemoCalendar(db, target);
}

void main();
