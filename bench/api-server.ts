// The service alone on node:http, exactly as server.ts serves /api/ (same request conversion, same
// handler), for benching when no Next build is at hand: the /api/ path never touches Next. The
// jobs that write the service's tables run as under `npm start` (lib/jobs.ts: the form states and
// the month figures' fold, retention), and the booking calendars' sync; the others (mail, the
// portal's sweeps) are the portal's and need its server-only modules.
import { envAtStart } from '../lib/env';
import { JOBS, startJobs } from '../lib/jobs';
import { serviceDb } from '../lib/service';
import { appListener, createHttpServer } from '../lib/service/node-http';

const STARTED = new Set(['service-states', 'service-retention', 'portal-calendars']);

async function main(): Promise<void> {
  await serviceDb();
  startJobs(JOBS.filter((job) => STARTED.has(job.name)));
  const server = createHttpServer(appListener((_req, res) => res.writeHead(404).end()));
  const { PORT, HOST } = envAtStart('api-server');
  server.listen(PORT, HOST);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
