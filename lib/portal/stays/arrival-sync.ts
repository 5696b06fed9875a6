'use server';
// The stay page's index action for its arrival panel (lib/portal/arrival/): the index writes the
// arrival record as it saves the form (forms-index.ts), so bringing the record up to date is the
// index's work.
import { getDb } from '@/lib/db';
import { isApiError } from '../api/client';
import { loadConfig } from '../config/load';
import { arrivalState } from '../arrival/record';
import { parseFormId } from '../form-id';
import { ownerOf, readSession } from '../session/session';
import { syncForm } from './index-sync';

/**
 * The stay page's index action when its arrival record is missing or behind the form (IndexSync):
 * the form into the index, which writes the record; true (render again) when the record is not
 * the one the page showed (`shownSnapshot`: its time, 0 for none), whoever wrote it meanwhile (the
 * overview's sync often does). A record that stays as it was never asks for a second render.
 * A failure is silent, as the other page syncs' (app/(portal)/(app)/actions.ts).
 */
export async function syncStayArrival(rawFormId: string, shownSnapshot: number): Promise<boolean> {
  const formId = parseFormId(String(rawFormId));
  const session = await readSession();
  if (!formId || !session || session.expired) return false;
  const db = await getDb();
  const ref = { ...ownerOf(session), formId };
  try {
    await syncForm(session, await loadConfig(session), formId);
  } catch (err) {
    if (isApiError(err)) return false;
    throw err;
  }
  const now = (await arrivalState(db, ref))?.snapshotAt?.getTime() ?? 0;
  return now !== shownSnapshot;
}
