// Requests as proxy.ts sees them, for the cross-site tests of the portal and the office.
import { NextRequest } from 'next/server';

export const HOST = 'localhost:3000';

/** A form post (as a server action sends it) to `path` on HOST, with more `headers`. */
export const post = (path: string, headers: Record<string, string>) =>
  new NextRequest(`http://${HOST}${path}`, {
    method: 'POST',
    headers: { host: HOST, 'content-type': 'multipart/form-data; boundary=x', ...headers },
    body: '--x--\r\n',
  });
