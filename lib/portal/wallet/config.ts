import '#server-only'; // also in the Pages Router: see lib/server-only.js
// Which wallets are configured (issue 20): each needs all of its settings, else its button is not
// shown and nothing is sent to it. Certificates and keys come as text, a file path or base64.
import { existsSync, readFileSync } from 'node:fs';
import { env } from '@/lib/env';

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

export function appleConfig(): AppleConfig | null {
  const e = env();
  const { APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT } = e;
  if (!APPLE_PASS_TYPE_ID || !APPLE_TEAM_ID || !APPLE_PASS_CERT || !APPLE_PASS_KEY) return null;
  if (!APPLE_WWDR_CERT) return null;
  return {
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
}

const ServiceAccount = (text: string): { client_email?: unknown; private_key?: unknown } => {
  try {
    return JSON.parse(text) as { client_email?: unknown; private_key?: unknown };
  } catch {
    return {};
  }
};

export function googleConfig(): GoogleConfig | null {
  const e = env();
  if (!e.GOOGLE_WALLET_ISSUER_ID || !e.GOOGLE_WALLET_SERVICE_ACCOUNT) return null;
  const account = ServiceAccount(material(e.GOOGLE_WALLET_SERVICE_ACCOUNT));
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    console.error('wallet: GOOGLE_WALLET_SERVICE_ACCOUNT has no client_email and private_key');
    return null;
  }
  return {
    issuerId: e.GOOGLE_WALLET_ISSUER_ID,
    clientEmail: account.client_email,
    privateKey: account.private_key,
    apiUrl: e.GOOGLE_WALLET_API_URL.replace(/\/+$/, ''),
    tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
  };
}
