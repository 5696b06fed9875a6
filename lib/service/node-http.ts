// The service on a bare node:http server: request conversion and reply, shared by server.ts and
// the API-only bench server so both measure and serve exactly the same path.
import type http from 'node:http';
import { serviceHandler } from './index';
import { MAX_BODY_BYTES } from './pipeline';

/** Node request -> web Request, reading at most one byte past the body limit (the service answers 413). */
async function toWebRequest(req: http.IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  if (req.method === 'GET' || req.method === 'HEAD') {
    return new Request(url, { method: req.method, headers });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_BODY_BYTES) break;
  }
  return new Request(url, { method: req.method, headers, body: Buffer.concat(chunks) });
}

export async function serveApi(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const response = await serviceHandler(await toWebRequest(req), {
    clientAddress: req.socket.remoteAddress ?? 'unknown',
  });
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = { 'content-length': String(body.length) };
  response.headers.forEach((value, key) => (headers[key] = value));
  res.writeHead(response.status, headers);
  res.end(body);
}
