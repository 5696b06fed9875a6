// The guest's address for the per-address rate limit. Next fills `x-forwarded-for` with the TCP
// peer when the request has none; a client that sends its own can choose it, so this limit is a
// brake on careless floods, and the per-link limit is the one that holds (see the decision record).
export function clientAddressFrom(headers: { get(name: string): string | null }): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded ? forwarded.slice(0, 64) : 'unknown';
}
