import '#server-only'; // also in the Pages Router: see lib/server-only.js
// Wallet's device logs (`POST /wallet/v1/log`): text anyone may send, written into the server log.
// So each entry becomes one line (a newline could forge a line of our own, an ANSI escape repaint
// an operator's terminal), capped in length, and each client address may write only a few lines a
// window: the log is for a phone's occasional error, not for whatever a script posts.
import { addressBucket } from '@/lib/client-address';

/** Characters kept of one entry. */
export const LOG_ENTRY_CHARS = 300;
/** Lines one client address (an IPv6 /64) may write per window. */
export const LOG_LINES_PER_WINDOW = 20;
export const LOG_WINDOW_MS = 10 * 60_000;
/** Addresses counted at once; past it (a flood from many addresses) nothing more is logged. */
const MAX_ADDRESSES = 10_000;

// Terminal escape sequences: CSI (ESC [ or 0x9B, parameters, a final byte), OSC (ESC ] up to BEL
// or ESC \), and the other escapes (ESC, intermediate bytes, a final byte: ESC c, ESC ( B).
const ESCAPES =
  /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]/g;
// Control characters (C0, DEL, C1), line and paragraph separators, and the bidirectional
// overrides that make a line read differently from what it contains.
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/** One entry as one line: escapes and control characters gone, spaces collapsed, capped. */
export function logLine(entry: string): string {
  const flat = entry.replace(ESCAPES, '').replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...flat]; // by code point, so the cap never splits a surrogate pair
  return chars.length > LOG_ENTRY_CHARS ? `${chars.slice(0, LOG_ENTRY_CHARS).join('')}…` : flat;
}

const windows = new Map<string, { start: number; lines: number }>();

/** How many of `wanted` lines `address` may write now; the rest are dropped. */
export function admitLines(address: string, wanted: number, now = Date.now()): number {
  const bucket = addressBucket(address);
  let window = windows.get(bucket);
  if (!window || now - window.start >= LOG_WINDOW_MS || now < window.start) {
    if (!window && windows.size >= MAX_ADDRESSES) {
      for (const [key, w] of windows) if (now - w.start >= LOG_WINDOW_MS) windows.delete(key);
      if (windows.size >= MAX_ADDRESSES) return 0;
    }
    window = { start: now, lines: 0 };
    windows.set(bucket, window);
  }
  const admitted = Math.max(0, Math.min(wanted, LOG_LINES_PER_WINDOW - window.lines));
  window.lines += admitted;
  return admitted;
}

/** Tests: forget every address's count. */
export function forgetLogCounts(): void {
  windows.clear();
}
