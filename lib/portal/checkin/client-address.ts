// The guest's address for the per-address rate limit. server.ts's front door (appListener in
// lib/service/node-http.ts) replaces `x-forwarded-for` on every page request with the one address
// its trusted-proxy rule resolves (lib/client-address.ts), so a browser cannot choose it. Under
// `next dev` there is no front door: Next keeps what the client sent.
export function clientAddressFrom(headers: { get(name: string): string | null }): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded ? forwarded.slice(0, 64) : 'unknown';
}
