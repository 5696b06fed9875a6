// The service alone on node:http, exactly as server.ts serves /api/ (same request conversion, same
// handler), for benching when no Next build is at hand: the /api/ path never touches Next.
import http from 'node:http';
import { API_PREFIX, serviceDb } from '../lib/service';
import { serveApi } from '../lib/service/node-http';

async function main(): Promise<void> {
  await serviceDb();
  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith(API_PREFIX)) {
      res.writeHead(404).end();
      return;
    }
    serveApi(req, res).catch((err: unknown) => {
      console.error('api-server: request failed', err);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
