// Another instance of the service in a process of its own (so with caches of its own), as
// `npm start` makes one: the service's start-up on DATABASE_URL (the same PostgreSQL database as
// the test's), then server.ts's listener on an ephemeral port, printed as `port <n>` on stdout.
// Run with `node --import tsx tests/helpers/second-instance.ts`; ends with its parent's stdin.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServiceHandler } from '../../lib/service';
import { createAvsHandler } from '../../lib/service/avs';
import { serviceDb } from '../../lib/service/bootstrap';
import { appListener, createHttpServer } from '../../lib/service/node-http';

async function main(): Promise<void> {
  await serviceDb();
  const handler = createServiceHandler({ db: serviceDb });
  const avs = createAvsHandler({ db: serviceDb });
  const notNext = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(404).end();
  };
  const server = createHttpServer(appListener(notNext, handler, avs));
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`);
  });
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}

void main();
