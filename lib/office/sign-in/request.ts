// The browser's address as the request reached Next: server.ts replaces X-Forwarded-For with the
// address it resolved (the peer, or what a trusted proxy in front of it forwarded).
export function clientAddressOf(headers: { get(name: string): string | null }): string {
  const value = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return value || 'unknown';
}
