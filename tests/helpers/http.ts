// The service on a real node:http server (the front door and listener of server.ts) on an
// ephemeral port, and a raw-socket client for what fetch cannot send: odd request targets, bad
// Host headers, oversized or stalled bodies, several requests on one keep-alive connection.
import type http from 'node:http';
import net from 'node:net';
import { createServiceHandler } from '@/lib/service';
import { createAvsHandler } from '@/lib/service/avs';
import { appListener, createHttpServer, type ServerTimeouts } from '@/lib/service/node-http';
import type { TestDb } from './db';

export interface TestServer {
  port: number;
  /** The request targets Next was handed (server.ts passes every non-/api/ path to Next). */
  nextSaw: string[];
  close(): Promise<void>;
}

/** server.ts's listener with a stub for Next that answers 200 with the target it was handed. */
export async function startServer(
  t: TestDb,
  timeouts: Partial<ServerTimeouts> = {},
): Promise<TestServer> {
  const handler = createServiceHandler({ db: async () => t.db });
  const nextSaw: string[] = [];
  const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
    nextSaw.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`next ${req.url}`);
  };
  const avs = createAvsHandler({ db: async () => t.db });
  const server = createHttpServer(appListener(next, handler, avs), timeouts);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    nextSaw,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  json: Record<string, unknown>;
}

/** One TCP connection; responses are parsed as they arrive (Content-Length or until close). */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | null = null;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    const end = () => {
      this.ended = true;
      this.wake?.();
    };
    socket.on('end', end);
    socket.on('close', end);
    // A server that closes while we still send makes writes fail; the test reads what came.
    socket.on('error', end);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  private async until<T>(take: () => T | undefined): Promise<T> {
    for (;;) {
      const value = take();
      if (value !== undefined) return value;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  /** The next complete response; throws if the server closes before sending one. */
  response(): Promise<RawResponse> {
    return this.until(() => {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) {
        if (this.ended) throw new Error('connection closed without a response');
        return undefined;
      }
      const [statusLine = '', ...lines] = this.buffer.subarray(0, end).toString().split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const rest = this.buffer.subarray(end + 4);
      let body: string;
      if (headers['transfer-encoding'] === 'chunked') {
        const last = rest.indexOf('0\r\n\r\n');
        if (last < 0) return undefined;
        body = decodeChunked(rest.subarray(0, last));
        this.buffer = rest.subarray(last + 5);
      } else {
        const length = headers['content-length'];
        if (length === undefined ? !this.ended : rest.length < Number(length)) return undefined;
        const size = length === undefined ? rest.length : Number(length);
        body = rest.subarray(0, size).toString();
        this.buffer = rest.subarray(size);
      }
      let json: Record<string, unknown> = {};
      if (headers['content-type']?.includes('json')) json = JSON.parse(body) as typeof json;
      return { status: Number(statusLine.split(' ')[1]), headers, body, json };
    });
  }

  /** Resolves once the server has closed the connection. */
  closed(): Promise<true> {
    return this.until(() => (this.ended ? true : undefined));
  }

  destroy(): void {
    this.socket.destroy();
  }
}

function decodeChunked(data: Buffer): string {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, lineEnd).toString(), 16);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts).toString();
}

/** A request head with the headers the service requires. */
export function head(
  requestLine: string,
  headers: Record<string, string | number> = {},
  host: string | null = 'localhost',
): string {
  const all: Record<string, string | number> = {
    'User-Agent': 'meldeportal-tests/1.0',
    'Content-Type': 'application/json',
    ...headers,
  };
  if (host !== null) all.Host = host;
  const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
  return `${requestLine}\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** One request on a fresh connection; the connection is closed afterwards. */
export async function rawRequest(port: number, data: string | Buffer): Promise<RawResponse> {
  const conn = await RawConnection.open(port);
  try {
    await conn.write(data);
    return await conn.response();
  } finally {
    conn.destroy();
  }
}
