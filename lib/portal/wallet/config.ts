import '#server-only'; // also in the Pages Router: see lib/server-only.js
// Which wallets are configured (issue 20): each needs all of its settings, else its button is not
// shown and nothing is sent to it. Certificates and keys come as text, a file path or base64.
// They are read and checked once per value of the environment (env() is one object until
// reloadEnv()), not on every card page and push: a file changed on disk counts after a restart.
// A certificate or key that does not parse turns its wallet off with one log line naming the
// setting, instead of a 500 on every pass download.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { env, type Env } from '@/lib/env';

/** A PEM or JSON setting's text: given inline, as a file path, or base64 of either. */
export function material(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('-----BEGIN') || trimmed.startsWith('{')) return trimmed;
  if (existsSync(trimmed)) return readFileSync(trimmed, 'utf8');
  return Buffer.from(trimmed, 'base64').toString('utf8');
}

export interface AppleConfig {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  apnsHost: string;
  /** Token auth for APNs; without it pushes present the pass certificate. */
  apnsToken?: { key: string; keyId: string };
}

export interface GoogleConfig {
  issuerId: string;
  clientEmail: string;
  privateKey: string;
  apiUrl: string;
  tokenUrl: string;
}

/** Per env object: the configuration read from it (null: not configured or not usable). */
const appleByEnv = new WeakMap<Env, AppleConfig | null>();
const googleByEnv = new WeakMap<Env, GoogleConfig | null>();

function once<T>(cache: WeakMap<Env, T | null>, read: (e: Env) => T | null): T | null {
  const e = env();
  if (!cache.has(e)) cache.set(e, read(e));
  return cache.get(e) ?? null;
}

/** Whether each named PEM parses (certificates as X.509, keys as private keys); logs the first that does not. */
function parses(
  certs: Record<string, string>,
  keys: Record<string, { key: string; passphrase?: string }>,
): boolean {
  const bad =
    Object.entries(certs).find(([, pem]) => !tryParse(() => new X509Certificate(pem)))?.[0] ??
    Object.entries(keys).find(([, k]) => !tryParse(() => createPrivateKey(k)))?.[0];
  if (bad) console.error(`wallet: ${bad} does not parse; this wallet stays off`);
  return bad === undefined;
}

function tryParse(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

export const appleConfig = (): AppleConfig | null => once(appleByEnv, readAppleConfig);
export const googleConfig = (): GoogleConfig | null => once(googleByEnv, readGoogleConfig);

function readAppleConfig(e: Env): AppleConfig | null {
  const { APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT } = e;
  if (!APPLE_PASS_TYPE_ID || !APPLE_TEAM_ID || !APPLE_PASS_CERT || !APPLE_PASS_KEY) return null;
  if (!APPLE_WWDR_CERT) return null;
  const cfg: AppleConfig = {
    passTypeId: APPLE_PASS_TYPE_ID,
    teamId: APPLE_TEAM_ID,
    signerCert: material(APPLE_PASS_CERT),
    signerKey: material(APPLE_PASS_KEY),
    ...(e.APPLE_PASS_KEY_PASSPHRASE ? { signerKeyPassphrase: e.APPLE_PASS_KEY_PASSPHRASE } : {}),
    wwdr: material(APPLE_WWDR_CERT),
    apnsHost: e.APPLE_APNS_HOST,
    ...(e.APPLE_APNS_KEY && e.APPLE_APNS_KEY_ID
      ? { apnsToken: { key: material(e.APPLE_APNS_KEY), keyId: e.APPLE_APNS_KEY_ID } }
      : {}),
  };
  const ok = parses(
    { APPLE_PASS_CERT: cfg.signerCert, APPLE_WWDR_CERT: cfg.wwdr },
    {
      APPLE_PASS_KEY: {
        key: cfg.signerKey,
        ...(cfg.signerKeyPassphrase ? { passphrase: cfg.signerKeyPassphrase } : {}),
      },
      ...(cfg.apnsToken ? { APPLE_APNS_KEY: { key: cfg.apnsToken.key } } : {}),
    },
  );
  return ok ? cfg : null;
}

const ServiceAccount = (text: string): { client_email?: unknown; private_key?: unknown } => {
  try {
    return JSON.parse(text) as { client_email?: unknown; private_key?: unknown };
  } catch {
    return {};
  }
};

function readGoogleConfig(e: Env): GoogleConfig | null {
  if (!e.GOOGLE_WALLET_ISSUER_ID || !e.GOOGLE_WALLET_SERVICE_ACCOUNT) return null;
  const account = ServiceAccount(material(e.GOOGLE_WALLET_SERVICE_ACCOUNT));
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    console.error('wallet: GOOGLE_WALLET_SERVICE_ACCOUNT has no client_email and private_key');
    return null;
  }
  if (!parses({}, { 'GOOGLE_WALLET_SERVICE_ACCOUNT private_key': { key: account.private_key } }))
    return null;
  return {
    issuerId: e.GOOGLE_WALLET_ISSUER_ID,
    clientEmail: account.client_email,
    privateKey: account.private_key,
    apiUrl: e.GOOGLE_WALLET_API_URL.replace(/\/+$/, ''),
    tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
  };
}
