// Secrets the office must read back (a staff account's TOTP secret, a set-password token waiting
// in the outbox) are stored sealed: AES-256-GCM with a key derived from SESSION_SECRET by HKDF
// under a label of their own (docs/decisions/032), so a copy of the database alone reveals none of
// them. `context` binds a sealed value to its row (e.g. `staff:12`): a value copied to another
// row does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { secret } from '../env';

const VERSION = 'v1';
const LABEL = 'meldeportal office secret-box v1';

let cached: { from: string; key: Buffer } | undefined;

function key(): Buffer {
  const from = secret('SESSION_SECRET');
  if (cached?.from !== from) {
    cached = { from, key: Buffer.from(hkdfSync('sha256', from, '', LABEL, 32)) };
  }
  return cached.key;
}

/** `v1.<iv>.<ciphertext>.<tag>`, each base64url. */
export function sealSecret(plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`);
}

/** The plaintext, or null when the value is not ours, was changed, or belongs to another row. */
export function openSecret(sealed: string, context: string): string | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
