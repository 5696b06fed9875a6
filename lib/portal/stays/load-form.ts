import 'server-only';
// Reads for pages: forms by id (index first, then every municipality of the user). Nothing here
// writes: bringing the index up to date is index-sync.ts's, for actions (a form's page asks for it
// once shown, like the pages that list the index).
import type { CurrentUserResponse } from '@/lib/wire/config';
import { isApiError, type PortalForm } from '../api/client';
import { gemeindenWithObjects, metaForGemeinde } from '../config/view';
import { findForm, rowFromForm, rowHolds } from './forms-index';
import { ownerOf, type PortalSession } from '../session/session';

export interface LoadedForm {
  form: PortalForm;
  gemeindeId: number;
  /** Whether the portal's index already holds the form as read (its page need not sync it). */
  indexed: boolean;
}

/**
 * A form by id: with the municipality from the index, or tried in each of the user's
 * municipalities (a form booked elsewhere by the same user, not indexed yet).
 * Null when the service does not show it to this user (unknown, or someone else's).
 */
export async function loadForm(
  session: PortalSession,
  config: CurrentUserResponse,
  formId: number,
  opts: { protokoll?: boolean } = {},
): Promise<LoadedForm | null> {
  const owner = ownerOf(session);
  const row = await findForm(owner, formId);
  const candidates = row ? [row.gemeindeId] : gemeindenWithObjects(config).map((g) => g.id);
  for (const gemeindeId of candidates) {
    const meta = metaForGemeinde(config, gemeindeId);
    if (!meta) continue;
    try {
      const [form] = await session.api.get(meta, [formId], opts);
      if (form) {
        const indexed = !!row && rowHolds(row, rowFromForm(owner, gemeindeId, form));
        return { form, gemeindeId, indexed };
      }
    } catch (err) {
      if (!isApiError(err, 'not_found')) throw err;
    }
  }
  return null;
}
