// A real HTTP server on 127.0.0.1 for the calendar tests: serves bodies by path, counts requests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface FeedServer {
  url: string;
  port: number;
  hits: Map<string, number>;
  routes: Map<string, Route>;
  serve(path: string, body: string): void;
  close(): Promise<void>;
}

export async function startFeedServer(host = '127.0.0.1'): Promise<FeedServer> {
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (route) return route(req, res);
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    hits,
    routes,
    serve(path, body) {
      routes.set(path, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
