// The service alone on node:http, exactly as server.ts serves /api/ (same request conversion, same
// handler), for benching when no Next build is at hand: the /api/ path never touches Next.
import { envAtStart } from '../lib/env';
import { JOBS, startJobs } from '../lib/jobs';
import { serviceDb } from '../lib/service';
import { appListener, createHttpServer } from '../lib/service/node-http';

async function main(): Promise<void> {
  await serviceDb();
  // The booking calendars' sync runs in the server's process, as under `npm start`.
  startJobs(JOBS.filter((job) => job.name === 'portal-calendars'));
  const server = createHttpServer(appListener((_req, res) => res.writeHead(404).end()));
  const { PORT, HOST } = envAtStart('api-server');
  server.listen(PORT, HOST);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
