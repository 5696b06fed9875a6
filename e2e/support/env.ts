// Where the e2e server runs and its data lives (set by playwright.config.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';
export const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
/**
 * Set when the server runs on PostgreSQL with SMTP_URL=smtp://127.0.0.1:<E2E_SMTP_PORT>: specs
 * that need rows the portal has no page for yet (planned stays) write them there, and receive
 * the mails on that port (e2e/invitation-mail.spec.ts).
 */
export const MAIL_E2E =
  process.env.E2E_DATABASE_URL && process.env.E2E_SMTP_PORT
    ? { databaseUrl: process.env.E2E_DATABASE_URL, smtpPort: Number(process.env.E2E_SMTP_PORT) }
    : null;

/** A secret the server generated into its DATA_DIR (the tests forge and inspect session cookies). */
export function serverSecret(name: 'NEXTAUTH_SECRET' | 'CARD_SECRET' | 'SESSION_SECRET'): string {
  const secrets = JSON.parse(readFileSync(path.join(DATA_DIR, 'secrets.json'), 'utf8')) as Record<
    string,
    string
  >;
  const value = secrets[name];
  if (!value) throw new Error(`${name} not found in ${DATA_DIR}/secrets.json`);
  return value;
}

/** Production cookies are Secure, hence the `__Secure-` prefix (see lib/portal/auth.ts). */
export const SESSION_COOKIE = '__Secure-next-auth.session-token';

/** A stay in next year's main season, so no date is in the past and every night has a rate. */
export function futureDate(month: number, day: number): string {
  const y = new Date().getFullYear() + 1;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function germanDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}
