import '#server-only';
// What a kept page's render tells the front door (decision 026). server.ts and Next's bundle each
// load their own copy of this module, so the declarations live on `globalThis`, as lib/db's handle
// does: the page (in Next) writes one under the id the front door put in the request, the front
// door (in server.ts) takes it once the response is sent.
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { portalOwnerVersions, portalRevokedSessions } from '@/lib/db/schema';
import type { Owner } from '../session/session';

/** Request header naming a render the front door may keep; server.ts removes any a client sent. */
export const KEEP_HEADER = 'x-meldeportal-keep';

export interface KeptDeclaration {
  /** The owner's version (portal_owner_versions), read before the page read its data. */
  version: number;
  /** The ETag of the configuration the page was rendered with. */
  configEtag: string;
  /** Epoch ms after which the page would render differently by itself (a sync falls due). */
  until: number;
}

const store = globalThis as typeof globalThis & {
  __meldeportalKeptDeclarations?: Map<string, KeptDeclaration>;
};

function declarations(): Map<string, KeptDeclaration> {
  return (store.__meldeportalKeptDeclarations ??= new Map());
}

/** Renders under way at once, at most; more are not kept (their declarations are dropped). */
const DECLARED_AT_MOST = 1000;

export function declareKept(requestId: string, declaration: KeptDeclaration): void {
  const all = declarations();
  if (all.size < DECLARED_AT_MOST) all.set(requestId, declaration);
}

/** The declaration of a finished render, once (it is forgotten here either way). */
export function takeDeclaration(requestId: string): KeptDeclaration | undefined {
  const found = declarations().get(requestId);
  declarations().delete(requestId);
  return found;
}

/** The owner's version now: 0 until anything of theirs was written. */
export async function ownerVersion(owner: Owner): Promise<number> {
  return (await sessionAndVersion(null, owner)).version;
}

/**
 * In one statement: whether the session was signed out (`sessionId` null: not asked) and the
 * owner's version. The front door asks both on every kept page it serves.
 */
export async function sessionAndVersion(
  sessionId: string | null,
  owner: Owner,
): Promise<{ revoked: boolean; version: number }> {
  const db = await getDb();
  const revoked = portalRevokedSessions;
  const v = portalOwnerVersions;
  const result = await db.execute(sql`
    select
      exists (select 1 from ${revoked} where ${revoked.sessionId} = ${sessionId}) as revoked,
      coalesce((select ${v.version} from ${v}
        where ${v.serviceUrl} = ${owner.serviceUrl} and ${v.username} = ${owner.username}), 0)
        as version`);
  // A bigint comes as a string from pg and as a number from PGlite.
  const [row] = rowsOf<{ revoked: boolean; version: string | number }>(result);
  return { revoked: row!.revoked, version: Number(row!.version) };
}
