// holeMeldescheine's list (a municipality's newest 100 forms) as the portal's `list`: the filters
// and the order applied here, and `changed_since`, which AVS cannot be asked, answered from what
// this process last read of each form (decision 038).
import { createHash } from 'node:crypto';
import type { ListedMeldeschein } from '@/lib/wire/avs';
import type { FormState } from '@/lib/wire/meldeschein';
import type { ListFilter } from '@/lib/wire/meldeschein-list';
import { formIdOf } from './forms';
import type { ReadForm } from './memory';

/**
 * A form whose list entry is unchanged is still read in full again after this long: a change AVS's
 * list does not show (an e-mail address, a passport number, a field of the form's own) reaches the
 * portal's index at most this much later. The index shows only what the list entry carries.
 */
export const READ_AGAIN_MS = 10 * 60_000;

const STATE_OF: Partial<Record<number, FormState>> = {
  1: 'draft',
  2: 'printed',
  3: 'departed',
  4: 'cancelled',
};

export interface ListedRow {
  id: number;
  arrival: string;
  departure: string;
  /** A hash of the whole list entry: any change AVS lists changes it. */
  print: string;
}

/** The entries of the filters (all but `changed_since`), by arrival, then id. */
export function listedRows(entries: readonly ListedMeldeschein[], filter: ListFilter): ListedRow[] {
  const states = filter.state === undefined ? undefined : [filter.state].flat();
  return entries
    .filter((l) => {
      if (filter.objekt !== undefined && l.objektid !== filter.objekt) return false;
      if (!states) return true;
      const state = STATE_OF[l.abrechnungstatusid ?? 1];
      return state !== undefined && states.includes(state);
    })
    .map((l) => {
      const stays = [l.hauptperson, ...(l.begleitperson ?? [])];
      const arrival = stays.map((s) => s.anreise ?? '').sort()[0] ?? '';
      const departure =
        stays
          .map((s) => s.abreise ?? '')
          .sort()
          .at(-1) ?? '';
      const print = createHash('sha256').update(JSON.stringify(l)).digest('base64url');
      return { id: formIdOf(l.meldescheinnummer), arrival, departure, print };
    })
    .filter(({ arrival, departure }) => {
      if (filter.arrival_from && arrival < filter.arrival_from) return false;
      if (filter.arrival_to && arrival > filter.arrival_to) return false;
      if (filter.departure_from && departure < filter.departure_from) return false;
      if (filter.departure_to && departure > filter.departure_to) return false;
      return true;
    })
    .sort((a, b) => (a.arrival < b.arrival ? -1 : a.arrival > b.arrival ? 1 : a.id - b.id));
}

/**
 * Whether a form counts as changed for a `changed_since` listing: this process has not read it in
 * full for this credential, its list entry differs from the one it was read for, or it was read
 * longer than READ_AGAIN_MS ago.
 */
export function changedSinceRead(row: ListedRow, read: ReadonlyMap<number, ReadForm>): boolean {
  const last = read.get(row.id);
  return !last || last.print !== row.print || Date.now() - last.at >= READ_AGAIN_MS;
}
