// Where the e2e server runs and its data lives (set by playwright.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { StoredMail } from './mail-server';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';
export const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
/** Where the run's SMTP server writes what it received (e2e/support/mail-server.ts). */
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

/** The messages the SMTP server has received for `to` so far, oldest first. */
export function receivedMails(to: string): StoredMail[] {
  if (!MAIL_DIR) return [];
  return readdirSync(MAIL_DIR)
    .sort((a, b) => parseInt(a) - parseInt(b))
    .map((f) => JSON.parse(readFileSync(path.join(MAIL_DIR, f), 'utf8')) as StoredMail)
    .filter((m) => m.to.includes(to));
}

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
