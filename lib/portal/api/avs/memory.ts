// What the portal's AVS client remembers between requests, per system and credential (never the
// credential itself, only its hash): what the system said of the credential lately, and the
// configuration read from its lists. One memory per process: server.ts's front door (kept pages,
// decision 026) and Next's bundle each load their own copy of this module, and a refusal learned by
// one must hold for the other (docs/decisions/038), so the memory lives in lib/process-wide.ts.
import { createHash } from 'node:crypto';
import { processWide } from '@/lib/process-wide';
import type { CurrentUserResponse } from '@/lib/wire/config';
import { isApiError, type ApiError } from '../client';

/** The key of a system and credential (never the credential itself). */
export function keyOf(url: string, credential: string | null): string {
  return `${url}\n${createHash('sha256')
    .update(credential ?? '')
    .digest('base64url')}`;
}

/**
 * Accepted this recently, a credential's calls go out at once; else its first call goes alone and
 * the others wait for its answer (client.ts). Refused, it is not sent again for this long.
 */
export const ACCEPTED_MS = 30_000;
const REFUSED_MS = 60_000;
/** Systems and credentials remembered at most, each (the least recently used goes first). */
const KEPT_MAX = 500;
/** Forms remembered per system, credential and municipality (AVS lists the newest 100). */
const LISTED_MAX = 200;

/** A form read in full: the print of its list entry then, and when. */
export interface ReadForm {
  print: string;
  at: number;
}

export interface KeptConfig {
  at: number;
  config: Promise<CurrentUserResponse>;
  /** The tag of the configuration, once it was read. */
  tag?: string;
}

const memory = processWide('portal.avs-client', () => ({
  accepted: new Map<string, number>(),
  refused: new Map<string, { until: number; error: ApiError }>(),
  configs: new Map<string, KeptConfig>(),
  /** Per system, credential and municipality: each listed form's print and when it was read. */
  listed: new Map<string, Map<number, ReadForm>>(),
}));

/** Inserts as the most recently used and drops the least recently used beyond `max`. */
function put<K, V>(map: Map<K, V>, key: K, value: V, max = KEPT_MAX): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

/** Tests: forget the kept configurations and what the systems said of credentials. */
export function forgetAvsConfigs(): void {
  memory.reset();
}

/** The system took the credential (a call answered, or a sign-in). */
export function accepted(key: string): void {
  const m = memory.get();
  m.refused.delete(key);
  put(m.accepted, key, Date.now());
}

/** A refusal of the credential itself (not of the request): 401, or 429 for a while. */
export function credentialRefusal(err: unknown): err is ApiError {
  return isApiError(err, 'unauthenticated') || isApiError(err, 'rate_limited');
}

export function refused(key: string, error: ApiError): void {
  const m = memory.get();
  m.accepted.delete(key);
  const wait = error.kind === 'rate_limited' ? (error.retryAfterSeconds ?? 60) * 1000 : REFUSED_MS;
  put(m.refused, key, { until: Date.now() + wait, error });
}

/** The remembered refusal of a credential, while it stands. */
export function refusalOf(key: string): ApiError | undefined {
  const m = memory.get();
  const r = m.refused.get(key);
  if (r && Date.now() < r.until) return r.error;
  if (r) m.refused.delete(key);
  return undefined;
}

/** Whether the system took the credential within `withinMs` (ACCEPTED_MS unless given). */
export function acceptedLately(key: string, withinMs = ACCEPTED_MS): boolean {
  const at = memory.get().accepted.get(key);
  return at !== undefined && Date.now() - at < withinMs;
}

/** The configuration kept for a system and credential, if read within `maxAgeMs`. */
export function keptConfig(key: string, maxAgeMs: number): KeptConfig | undefined {
  const hit = memory.get().configs.get(key);
  return hit && Date.now() - hit.at < maxAgeMs ? hit : undefined;
}

/** Keeps a configuration being read; forgotten again if the read fails. */
export function keepConfig(
  key: string,
  config: Promise<CurrentUserResponse>,
  tag: (c: CurrentUserResponse) => string,
): void {
  const configs = memory.get().configs;
  const entry: KeptConfig = { at: Date.now(), config };
  put(configs, key, entry);
  config.then(
    (value) => (entry.tag = tag(value)),
    () => configs.get(key) === entry && configs.delete(key),
  );
}

/** What was remembered of the forms listed for a system, credential and municipality. */
export function readForms(key: string, gemeinde: number): ReadonlyMap<number, ReadForm> {
  return memory.get().listed.get(`${key}\n${gemeinde}`) ?? new Map();
}

/** Forms just read in full, with the prints of the list entries they were read for. */
export function rememberRead(key: string, gemeinde: number, prints: Map<number, string>): void {
  const listed = memory.get().listed;
  const at = `${key}\n${gemeinde}`;
  const forms = listed.get(at) ?? new Map<number, ReadForm>();
  for (const [id, print] of prints) put(forms, id, { print, at: Date.now() }, LISTED_MAX);
  put(listed, at, forms);
}
