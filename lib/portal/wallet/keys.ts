import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The wallets' signing keys, imported once per key text (the APNs .p8 key, the Google service
// account's key), not on every card page and push.
import { importPKCS8 } from 'jose';

const imported = new Map<string, Promise<CryptoKey>>();

/** The PKCS#8 key `pem` for `alg`, imported on first use and kept for the process. */
export function signingKey(pem: string, alg: 'ES256' | 'RS256'): Promise<CryptoKey> {
  const id = `${alg}\n${pem}`;
  let key = imported.get(id);
  if (!key) {
    key = importPKCS8(pem, alg);
    imported.set(id, key);
    key.catch(() => imported.delete(id)); // a key that failed is tried again next time
  }
  return key;
}
