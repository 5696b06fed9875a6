// What the guest-card PDF (get-pdf, append_pdf; DECISIONS 2.5, 2.8) needs from the forms: the
// visible forms for a print with the state rules applied, the data of each card, and the record
// of a print (print_log, draft -> printed). Rendering is the Kurkarte module's job.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { meldescheine, printLog } from '../../db/schema';
import { detail, ServiceError } from '../../wire/errors';
import { guestDisplayName } from '../../wire/guest-rules';
import { MAX_IDS_PER_PDF_CALL, type FormIdsRequest } from '../../wire/meldeschein';
import type { AuthUser } from '../context';
import { resolveScope, type FormScope } from './access';
import type { StoredFields } from './fields';
import type { StoredForm } from './form-wire';
import { isGroup, type GastType } from './guests';
import { loadVisibleForms } from './load';
import { checkIdCount, loadForms } from './read';
import { berlinDate } from './stamps';
import { effectiveState } from './states';

/** One guest card's data, everything but the signed QR payload. */
export interface CardSource {
  formId: number;
  personId: number;
  gemeinde: string;
  /** `<meldescheinnummer>-<position>`, position counted from 1 and stable across deletions. */
  kartennummer: string;
  /** "Vorname Name", or null for a group guest (no individual data is kept). */
  gastName: string | null;
  anzahl: number;
  tarif: string;
  arrivalDate: string;
  departureDate: string;
  objekt: { alias: string; strasse: string | null; plz: string | null; ort: string | null };
  beherberger: string;
}

/**
 * The forms of a get-pdf request (or the ids of just-booked forms), checked for printing:
 * permission `print_kurkarte` and meta (403), visibility (404), not cancelled (409).
 */
export async function loadFormsForPrint(
  db: Db,
  user: AuthUser,
  request: FormIdsRequest,
  now: Date,
): Promise<{ scope: FormScope; forms: StoredForm[] }> {
  const scope = await resolveScope(db, user, request.meta, 'meldeschein.print_kurkarte');
  checkIdCount(request.meldescheine, MAX_IDS_PER_PDF_CALL);
  const forms = await loadForms(db, scope, request.meldescheine, now);
  refuseCancelled(forms, now);
  return { scope, forms };
}

/**
 * The same forms again, locked in the transaction that records the print: a cancel or an update
 * that committed while the cards were drawn counts (a cancelled form is not printed, changed
 * guests are drawn again), and none can commit before the print does.
 */
export async function lockFormsForPrint(
  tx: Db,
  scope: FormScope,
  ids: number[],
  now: Date,
): Promise<StoredForm[]> {
  const forms = await loadVisibleForms(tx, scope, ids, { lock: true });
  refuseCancelled(forms, now);
  return forms;
}

function refuseCancelled(forms: StoredForm[], now: Date): void {
  const today = berlinDate(now);
  const cancelled = forms.filter(
    (f) => effectiveState(f.row.state, f.row.departureDate, today) === 'cancelled',
  );
  if (cancelled.length) {
    throw new ServiceError(
      'form_not_changeable',
      `Form ${cancelled.map((f) => f.row.id).join(', ')} is cancelled and cannot be printed.`,
      cancelled.map((f) =>
        detail('meldescheine', 'form_cancelled', `form ${f.row.id} is cancelled`, { id: f.row.id }),
      ),
    );
  }
}

/** The cards of a form, one per live guest in order (a group guest: one card for all). */
export function cardSources(form: StoredForm): CardSource[] {
  const { row, gemeinde, objekt } = form;
  return form.guests.map((g) => {
    const fields = g.fields as StoredFields;
    const name = guestDisplayName(fields);
    const group = isGroup({ gastType: g.gastType as GastType, anzahl: g.anzahl });
    return {
      formId: row.id,
      personId: g.id,
      gemeinde: gemeinde.alias,
      kartennummer: `${row.meldescheinnummer}-${g.position + 1}`,
      gastName: group || !name ? null : name,
      anzahl: g.anzahl,
      tarif: gemeinde.tarife.get(g.tarifId)?.alias ?? String(g.tarifId),
      arrivalDate: g.arrivalDate,
      departureDate: g.departureDate,
      objekt: { alias: objekt.alias, strasse: objekt.strasse, plz: objekt.plz, ort: objekt.ort },
      beherberger: objekt.beherbergerName,
    };
  });
}

/**
 * Record a print of these forms: one print_log row each, and drafts become printed. Call it in
 * the transaction that answers the print, so a failed answer records nothing.
 */
export async function recordPrint(
  tx: Db,
  formIds: number[],
  userId: number,
  via: 'get-pdf' | 'append_pdf',
  now: Date,
): Promise<void> {
  const ids = [...new Set(formIds)];
  if (!ids.length) return;
  await tx
    .insert(printLog)
    .values(ids.map((meldescheinId) => ({ meldescheinId, userId, via, at: now })));
  await tx
    .update(meldescheine)
    .set({ state: 'printed', modified: now })
    .where(and(inArray(meldescheine.id, ids), eq(meldescheine.state, 'draft')));
}
