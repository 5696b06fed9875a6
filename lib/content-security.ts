// The content security policy of the portal's pages (issue 17): scripts run by a nonce made per
// request (proxy.ts), never by 'unsafe-inline'; Next reads the nonce from the request's policy
// header and puts it on every script it renders. Styles keep 'unsafe-inline': React renders style
// attributes, which a nonce cannot cover, and a style cannot run code. Development adds
// 'unsafe-eval' for React's debugging tools. No page loads anything from elsewhere.
import { randomBytes } from 'node:crypto';

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sent only when the browser came over https (server.ts decides, by the trusted-proxy rule). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';
