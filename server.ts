// Production entry (`npm start`): the service on bare node:http, everything else to Next.
// A Next route handler costs ~1 ms CPU per request; the service must not pay that (DECISIONS 1).
import next from 'next';
import { DataDirLockedError } from './lib/db';
import { envAtStart, nextAuthUrl } from './lib/env';
import { officeDb } from './lib/office/db';
import { keptPages } from './lib/portal/kept-pages/front';
import { stopPeriodic } from './lib/process-wide';
import { appListener, createHttpServer } from './lib/service/node-http';

async function main(): Promise<void> {
  // Every variable checked before anything starts: a missing secret is named here, not by a 500.
  const { PORT: port, HOST: hostname } = envAtStart('meldeportal');
  nextAuthUrl();
  try {
    // The service's start-up and the office's after it (the first staff account).
    await officeDb();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`meldeportal: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = next({ dev: false, hostname, port, dir: process.cwd() });
  const handleNext = app.getRequestHandler();
  // Next's start-up hook (instrumentation.ts) starts the periodic jobs (lib/jobs.ts).
  await app.prepare();
  // The front door (request target, Host, methods) and the API's timeouts cover Next's pages too;
  // the stays list and the overview are served kept while nothing they show changed (decision 026).
  const server = createHttpServer(appListener(keptPages(handleNext)));
  server.listen(port, hostname, () => {
    console.info(
      `meldeportal: listening on http://localhost:${port} (service at /api/, AVS face at /avs/JMeldescheinWebservices)`,
    );
  });
  // The jobs' runs in flight finish first (a calendar round claims no more feeds once asked to
  // stop), so a deploy does not cut them short; requests in flight finish meanwhile.
  const stop = () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    void Promise.all([closed, stopPeriodic()]).then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
