// The staff's second factor (docs/decisions/030): TOTP (RFC 6238, 30 s, 6 digits, SHA-1, as every
// authenticator app reads it) through the `otpauth` library, and one-time recovery codes.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
export const ISSUER = 'Meldeportal Verwaltung';

function totp(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans. */
export function totpUri(secret: string, username: string): string {
  return totp(secret, username).toString();
}

/**
 * The time step of a code that is valid now (one step of clock drift either way), else null.
 * The caller refuses a step at or before the last accepted one, so a code works once.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret, 'x').validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of 16 characters (80 random bits each), shown as XXXX-XXXX-XXXX-XXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(16);
    const chars = [...bytes].map((b) => ALPHABET[b % 32]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** Case, spaces and dashes do not matter when a code is typed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * 80 random bits are beyond guessing even from a stolen hash, so a plain SHA-256 suffices (a slow
 * hash would only make each sign-in try ten of them); it lets the database find the code by hash.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
