import 'server-only';
// Bringing the portal's index up to date with the service, for actions (a page load only reads).
// Where the service offers the `list/` extension (this app's own), the index takes every form the
// landlord may see, also those booked elsewhere (their booking software, another account of the
// same landlord): the first time those of the last 13 months, then what changed since the last
// sync. Where it answers 404 (the real municipal systems), the index keeps what the portal booked
// and refreshes it with `get/`.
import { and, eq } from 'drizzle-orm';
import type { CurrentUserResponse } from '@/lib/wire/config';
import { LIST_MAX_LIMIT, type ListFilter } from '@/lib/wire/meldeschein-list';
import { addDays, berlinToday } from '@/lib/wire/time';
import { getDb } from '@/lib/db';
import { portalForms, portalIndexSync } from '@/lib/db/schema';
import { MAX_IDS_PER_CALL } from '@/lib/wire/meldeschein';
import { isApiError } from '../api/client';
import { gemeindenWithObjects, metaForGemeinde } from '../config/view';
import { loadForm, type LoadedForm } from './load-form';
import { formsToRefresh, ownerIs, removeForms, saveForms, type IndexRow } from './forms-index';
import { ownerOf, type Owner, type PortalSession } from '../session/session';

const STALE_AFTER_MS = 5 * 60_000;

/**
 * A page visit syncs at most this often, except the first after a sign-in (the landlord expects
 * what their booking software sent before it); the refresh button always does.
 */
const MIN_INTERVAL_MS = 60_000;
/** A service without `list/` is asked again after a day (it may have gained it). */
const RETRY_UNAVAILABLE_MS = 24 * 3600_000;
/** Changes are asked for from a little before the last sync: clocks of two hosts may differ. */
const CLOCK_MARGIN_MS = 10 * 60_000;
/** The first sync reaches back as far as the monthly statement's chart (and the retention). */
const FIRST_SYNC_DAYS = 400;

type SyncState = typeof portalIndexSync.$inferSelect;

async function syncState(owner: Owner): Promise<SyncState | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(portalIndexSync)
    .where(
      and(
        eq(portalIndexSync.serviceUrl, owner.serviceUrl),
        eq(portalIndexSync.username, owner.username),
      ),
    );
  return row;
}

async function recordSync(owner: Owner, syncedAt: Date, listAvailable: boolean): Promise<void> {
  const db = await getDb();
  await db
    .insert(portalIndexSync)
    .values({ ...owner, syncedAt, listAvailable })
    .onConflictDoUpdate({
      target: [portalIndexSync.serviceUrl, portalIndexSync.username],
      set: { syncedAt, listAvailable },
    });
}

/** What the stays list shows of each indexed form, to tell whether a sync changed anything. */
async function indexDigest(owner: Owner): Promise<Map<number, string>> {
  const db = await getDb();
  const rows = await db.select().from(portalForms).where(ownerIs(owner));
  return new Map(
    rows.map((r) => [
      r.formId,
      JSON.stringify([
        r.state,
        r.objektId,
        r.arrivalDate,
        r.departureDate,
        r.guests,
        r.nights,
        r.kurtaxeCents,
        r.firstGuestName,
      ]),
    ]),
  );
}

function differences(before: Map<number, string>, after: Map<number, string>): number {
  let n = 0;
  for (const [id, v] of after) if (before.get(id) !== v) n++;
  for (const id of before.keys()) if (!after.has(id)) n++;
  return n;
}

/** Every page of `list/` for one municipality into the index. */
async function pullGemeinde(
  session: PortalSession,
  gemeindeId: number,
  filter: ListFilter,
): Promise<void> {
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await session.api.list(gemeindeId, filter, { limit: LIST_MAX_LIMIT, offset });
    await saveForms(ownerOf(session), gemeindeId, page.forms);
    offset = page.paging.next_offset;
  }
}

/**
 * Brings index rows up to date with `get/` (states change on the service: departures, prints and
 * cancellations from other systems). `all` refreshes every row; otherwise stale, open ones only.
 */
async function refreshIndex(
  session: PortalSession,
  config: CurrentUserResponse,
  all = false,
): Promise<void> {
  const owner = ownerOf(session);
  const rows = await formsToRefresh(owner, all ? undefined : new Date(Date.now() - STALE_AFTER_MS));
  const byGemeinde = new Map<number, IndexRow[]>();
  for (const r of rows) byGemeinde.set(r.gemeindeId, [...(byGemeinde.get(r.gemeindeId) ?? []), r]);
  for (const [gemeindeId, group] of byGemeinde) {
    const meta = metaForGemeinde(config, gemeindeId);
    if (!meta) continue;
    for (let i = 0; i < group.length; i += MAX_IDS_PER_CALL) {
      const ids = group.slice(i, i + MAX_IDS_PER_CALL).map((r) => r.formId);
      try {
        await saveForms(owner, gemeindeId, await session.api.get(meta, ids));
      } catch (err) {
        if (!isApiError(err, 'not_found')) throw err;
        // All-or-nothing: one id the service no longer shows fails the call; ask one by one.
        for (const id of ids) {
          try {
            await saveForms(owner, gemeindeId, await session.api.get(meta, [id]));
          } catch (single) {
            if (!isApiError(single, 'not_found')) throw single;
            await removeForms(owner, [id]);
          }
        }
      }
    }
  }
}

export interface SyncResult {
  /** Index rows added or changed (a page shows them after a refresh). */
  changed: number;
  /** Whether the service offered `list/` (else the index was refreshed with `get/` only). */
  listAvailable: boolean;
  /** Set when no sync was needed: when the last one (maybe another page's) finished. */
  recentSyncAt?: Date;
}

/** A page visit needs no sync: the last one is under a minute old and after the sign-in. */
function syncedRecently(state: SyncState, session: PortalSession, now: Date): boolean {
  const age = now.getTime() - state.syncedAt.getTime();
  const signedInBefore = !session.signedInAt || state.syncedAt >= session.signedInAt;
  return age < MIN_INTERVAL_MS && signedInBefore;
}

/** Syncs of one owner run one after another (in this process): a page waits for another's. */
const running = new Map<string, Promise<unknown>>();

/**
 * For a page that shows the index, called before it reads the index: the time of that read when
 * a page visit's sync is due (for IndexSync, which then asks for it once the page is shown), null
 * when none is (issue 19: the action answering "not yet" cost as much server time as the page, so
 * the page no longer sends it). While a sync of the owner runs (the refresh button in another
 * tab), the page may read the index before it ends: it asks too, and its action waits for that
 * sync and renders the page again.
 */
export async function indexSyncDue(session: PortalSession): Promise<number | null> {
  return (await indexSyncTiming(session)).shownAt;
}

/**
 * `shownAt` as indexSyncDue; `dueAt`, when no sync is due yet, the time one falls due, so that a
 * kept page without IndexSync is not served past it (decision 026).
 */
export async function indexSyncTiming(
  session: PortalSession,
): Promise<{ shownAt: number; dueAt: null } | { shownAt: null; dueAt: number }> {
  const now = new Date();
  const owner = ownerOf(session);
  if (running.has(JSON.stringify(owner))) return { shownAt: now.getTime(), dueAt: null };
  const state = await syncState(owner);
  return state && syncedRecently(state, session, now)
    ? { shownAt: null, dueAt: state.syncedAt.getTime() + MIN_INTERVAL_MS }
    : { shownAt: now.getTime(), dueAt: null };
}

/**
 * Brings the index up to date. `force` (the refresh button) syncs now and asks every indexed form
 * again; otherwise at most once a minute, and only what changed.
 */
export function syncIndex(
  session: PortalSession,
  config: CurrentUserResponse,
  force = false,
): Promise<SyncResult> {
  const key = JSON.stringify(ownerOf(session));
  const previous = running.get(key) ?? Promise.resolve();
  const sync = previous.catch(() => {}).then(() => runSync(session, config, force));
  running.set(key, sync);
  const forget = () => {
    if (running.get(key) === sync) running.delete(key);
  };
  sync.then(forget, forget);
  return sync;
}

async function runSync(
  session: PortalSession,
  config: CurrentUserResponse,
  force: boolean,
): Promise<SyncResult> {
  const owner = ownerOf(session);
  const state = await syncState(owner);
  const now = new Date();
  if (state && !force && syncedRecently(state, session, now)) {
    return { changed: 0, listAvailable: state.listAvailable, recentSyncAt: state.syncedAt };
  }
  const age = state ? now.getTime() - state.syncedAt.getTime() : Infinity;
  const tryList = force || !state || state.listAvailable || age > RETRY_UNAVAILABLE_MS;
  const before = await indexDigest(owner);
  let listAvailable = false;
  if (tryList) {
    const filter: ListFilter =
      state?.listAvailable && !force
        ? { changed_since: new Date(state.syncedAt.getTime() - CLOCK_MARGIN_MS).toISOString() }
        : { departure_from: addDays(berlinToday(now), -FIRST_SYNC_DAYS) };
    try {
      for (const g of gemeindenWithObjects(config)) await pullGemeinde(session, g.id, filter);
      listAvailable = true;
    } catch (err) {
      if (!isApiError(err, 'not_found')) throw err;
    }
  }
  // Without the list: the portal's own forms, by id. With it, the refresh button still asks by id
  // for what the list's window leaves out (older forms, forms no longer visible).
  if (!listAvailable || force) await refreshIndex(session, config, force);
  // The end of the sync: a page that read the index before it shows less than the index holds.
  await recordSync(owner, new Date(), listAvailable);
  return { changed: differences(before, await indexDigest(owner)), listAvailable };
}

/**
 * For a page that read the index at `shownAt`: sync, and whether the page should render again
 * (this sync changed the index, or another page's sync finished after the page read it).
 */
export async function syncAfterShow(
  session: PortalSession,
  config: CurrentUserResponse,
  shownAt: Date,
): Promise<boolean> {
  const result = await syncIndex(session, config);
  return result.changed > 0 || (result.recentSyncAt ?? shownAt) > shownAt;
}

/**
 * One form into the index as the service shows it now (a form booked elsewhere is adopted), or out
 * of it when the service no longer shows it to this user: for the actions on a form, and for its
 * page once shown (the page itself only reads, with loadForm).
 */
export async function syncForm(
  session: PortalSession,
  config: CurrentUserResponse,
  formId: number,
): Promise<LoadedForm | null> {
  const owner = ownerOf(session);
  const loaded = await loadForm(session, config, formId);
  if (loaded) await saveForms(owner, loaded.gemeindeId, [loaded.form]);
  else await removeForms(owner, [formId]);
  return loaded;
}
