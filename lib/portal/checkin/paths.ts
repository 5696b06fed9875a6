// The guest's pages under a link token. Client-safe.

/** The token as one path segment: whatever a tampered token holds, the path stays under /checkin/. */
export function checkinPath(token: string): string {
  return `/checkin/${encodeURIComponent(token)}`;
}
