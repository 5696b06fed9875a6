// Whether a stored guest card still shows the form (issue 11): every get-pdf call counts as a
// print, so the portal serves its stored copy, but only while the form is as it was when the
// copy was fetched. The fingerprint covers the card number, the object and every guest's data
// (names, tariff, type, persons, dates and the municipality's fields); not the figures the
// service derives (Kurtaxe) nor its time stamps, so a departure or a print does not outdate it.
import { createHash } from 'node:crypto';
import type { PortalForm } from '../api/client';

const DERIVED = new Set(['kurtaxe_calc', 'created', 'modified']);

/** JSON with sorted keys, so the same content always hashes alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function cardFingerprint(form: PortalForm): string {
  const guests = form.personen.map((g) =>
    Object.fromEntries(Object.entries(g).filter(([k]) => !DERIVED.has(k))),
  );
  const content = { nummer: form.meldescheinnummer, objekt: form.objekt_id, guests };
  return createHash('sha256').update(canonical(content)).digest('base64url');
}

export interface StoredCardInfo {
  fetchedAt: Date;
  /** Null for a copy stored before fingerprints were kept. */
  fingerprint: string | null;
}

/** Whether a stored card no longer shows `form` (a cancelled form has no card at all). */
export function isCardOutdated(stored: StoredCardInfo, form: PortalForm): boolean {
  if (form.state === 'cancelled') return true;
  if (stored.fingerprint !== null) return stored.fingerprint !== cardFingerprint(form);
  // An older copy: outdated when the form changed after it was fetched (a departure counts too).
  const modified = form.modified ? Date.parse(form.modified) : NaN;
  return Number.isFinite(modified) && modified > stored.fetchedAt.getTime();
}
