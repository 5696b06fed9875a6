// Production entry (`npm start`): the service on bare node:http, everything else to Next.
// A Next route handler costs ~1 ms CPU per request; the service must not pay that (DECISIONS 1).
import http from 'node:http';
import next from 'next';
import { DataDirLockedError } from './lib/db';
import { API_PREFIX, serviceDb, serviceHandler } from './lib/service';
import { MAX_BODY_BYTES } from './lib/service/pipeline';

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '0.0.0.0';

/** Node request -> web Request, reading at most one byte past the body limit (the service answers 413). */
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
  process.env.NEXTAUTH_URL ??= `http://localhost:${port}/auth`;
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
  const server = http.createServer((req, res) => {
    const onError = (err: unknown) => {
      console.error('server: request failed', err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
    };
    if (req.url === '/api' || req.url?.startsWith(API_PREFIX)) serveApi(req, res).catch(onError);
    else Promise.resolve(handleNext(req, res)).catch(onError);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    console.info(`meldeportal: listening on http://localhost:${port} (service at /api/)`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
