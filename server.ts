// Production entry (`npm start`): the service on bare node:http, everything else to Next.
// A Next route handler costs ~1 ms CPU per request; the service must not pay that (DECISIONS 1).
import next from 'next';
import { DataDirLockedError } from './lib/db';
import { envAtStart, nextAuthUrl } from './lib/env';
import { serviceDb } from './lib/service';
import { appListener, createHttpServer } from './lib/service/node-http';

async function main(): Promise<void> {
  // Every variable checked before anything starts: a missing secret is named here, not by a 500.
  const { PORT: port, HOST: hostname } = envAtStart('meldeportal');
  nextAuthUrl();
  try {
    await serviceDb();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`meldeportal: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = next({ dev: false, hostname, port, dir: process.cwd() });
  const handleNext = app.getRequestHandler();
  await app.prepare();
  // The front door (request target, Host, methods) and the API's timeouts cover Next's pages too.
  const server = createHttpServer(appListener(handleNext));
  server.listen(port, hostname, () => {
    console.info(`meldeportal: listening on http://localhost:${port} (service at /api/)`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
