// The service alone on node:http, exactly as server.ts serves /api/ (same request conversion, same
// handler), for benching when no Next build is at hand: the /api/ path never touches Next.
import http from 'node:http';
import { API_PREFIX, serviceDb, serviceHandler } from '../lib/service';
import { MAX_BODY_BYTES } from '../lib/service/pipeline';

async function toWebRequest(req: http.IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  if (req.method === 'GET' || req.method === 'HEAD')
    return new Request(url, { method: req.method, headers });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_BODY_BYTES) break;
  }
  return new Request(url, { method: req.method, headers, body: Buffer.concat(chunks) });
}

async function serveApi(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const response = await serviceHandler(await toWebRequest(req), {
    clientAddress: req.socket.remoteAddress ?? 'unknown',
  });
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = { 'content-length': String(body.length) };
  response.headers.forEach((value, key) => (headers[key] = value));
  res.writeHead(response.status, headers);
  res.end(body);
}

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
