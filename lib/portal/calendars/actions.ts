'use server';
// The landlord's booking calendars: add (and sync at once), sync now, confirm a suspect drop, remove. Each verifies the
// session, validates with zod and touches only the landlord's own feeds; Next checks the
// request's Origin for every server action (the CSRF rule of the other actions). The link is
// never echoed back in a redirect: it carries the platform's token.
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '@/lib/db';
import { objectsOf } from '@/lib/portal/config/view';
import { loadConfig } from '@/lib/portal/config/load';
import { ownerOf, reauthenticateOn401, verifySession } from '@/lib/portal/session/session';
import { addFeed, FeedStoreError, removeFeed } from './feeds';
import { PLATFORMS } from './platforms';
import { FeedFetchError, parseFeedUrl } from './safe-fetch';
import { confirmFeedDrop, syncFeedNow } from './sync';

const HOME = '/kalender';

const NewFeedInput = z.object({
  objektId: z.coerce.number().int().positive(),
  platform: z.enum(PLATFORMS),
  url: z.string().trim().min(1).max(2000),
  blockedAreStays: z.literal('on').optional(),
});

const FeedId = z.uuid();

function back(query: Record<string, string>, objektId?: number): never {
  const anchor = objektId ? `#objekt-${objektId}` : '';
  redirect(`${HOME}?${new URLSearchParams(query).toString()}${anchor}`);
}

export async function addFeedAction(formData: FormData): Promise<void> {
  const session = await verifySession(HOME);
  const input = NewFeedInput.safeParse(Object.fromEntries(formData));
  const objektId = Number(formData.get('objektId')) || undefined;
  if (!input.success) {
    const field = input.error.issues[0]?.path[0];
    back(
      { fehler: field === 'platform' ? 'platform' : field === 'url' ? 'invalid_url' : 'object' },
      objektId,
    );
  }
  let url: string;
  try {
    url = parseFeedUrl(input.data.url).href;
  } catch (err) {
    if (err instanceof FeedFetchError) back({ fehler: err.code }, objektId);
    throw err;
  }
  const config = await loadConfig(session).catch((err: unknown) => {
    reauthenticateOn401(err, HOME);
    throw err;
  });
  const objekt = objectsOf(config).find((o) => o.id === input.data.objektId);
  if (!objekt) back({ fehler: 'object' });
  const db = await getDb();
  const owner = ownerOf(session);
  const id = await addFeed(db, owner, {
    gemeindeId: objekt.gemeindeId,
    objektId: objekt.id,
    url,
    platform: input.data.platform,
    blockedAreStays: input.data.platform === 'booking' && !!input.data.blockedAreStays,
  }).catch((err: unknown) => {
    if (err instanceof FeedStoreError) back({ fehler: err.code }, objekt.id);
    throw err;
  });
  const synced = await syncFeedNow(db, owner, id);
  back({ neu: synced?.error ? 'fehler' : '1' }, objekt.id);
}

export async function syncFeedAction(feedId: string): Promise<void> {
  const session = await verifySession(HOME);
  if (!FeedId.safeParse(feedId).success) back({ fehler: 'notFound' });
  const feed = await syncFeedNow(await getDb(), ownerOf(session), feedId);
  if (!feed) back({ fehler: 'notFound' });
  back({ synchronisiert: '1' }, feed.objektId);
}

/** The landlord says the bookings a suspect feed lost are really gone: its stays follow now. */
export async function confirmDropAction(feedId: string): Promise<void> {
  const session = await verifySession(HOME);
  if (!FeedId.safeParse(feedId).success) back({ fehler: 'notFound' });
  const done = await confirmFeedDrop(await getDb(), ownerOf(session), feedId);
  if (!done) back({ fehler: 'notFound' });
  back({ bestaetigt: '1' }, done.objektId);
}

export async function removeFeedAction(feedId: string): Promise<void> {
  const session = await verifySession(HOME);
  if (!FeedId.safeParse(feedId).success) back({ fehler: 'notFound' });
  const removed = await removeFeed(await getDb(), ownerOf(session), feedId);
  back(removed ? { entfernt: '1' } : { fehler: 'notFound' });
}
