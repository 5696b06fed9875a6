import 'server-only';
// The landlord's coming stays, planned and booked together (issue 18): every planned stay not
// cancelled and every booked form of the index, not departed before today, one entry per stay (a
// planned stay its form fulfils shows once, as booked), by arrival. Reads only. The coming stays
// page lists them all; the overview's arrivals are those of its week (`arriving`).
import { and, asc, gte, lte, ne } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalForms } from '@/lib/db/schema';
import type { FormState } from '@/lib/wire/meldeschein';
import type { Owner } from '../session/session';
import { ownerIs, type IndexRow } from './forms-index';
import { comingPlannedStays, type Arrivals, type PlannedState } from './planned';

export interface ComingStay {
  /** Unique on the page: `p:<planned stay id>` or `f:<form id>`. */
  key: string;
  objektId: number;
  arrival: string;
  departure: string;
  /** Where it stands: a planned stay's state, `booked` for a form. */
  state: Exclude<PlannedState, 'cancelled'>;
  formId: number | null;
  formState: FormState | null;
  meldescheinnummer: string | null;
  plannedStayId: string | null;
  source: 'calendar' | 'manual' | 'form';
  /** Expected guests of a planned stay, persons of a form. */
  guests: number | null;
  guestName: string | null;
}

/** A booked form of the index as a stay of its own (no planned stay behind it). */
export function bookedStay(f: IndexRow): ComingStay {
  return {
    key: `f:${f.formId}`,
    objektId: f.objektId,
    arrival: f.arrivalDate,
    departure: f.departureDate,
    state: 'booked',
    formId: f.formId,
    formState: f.state as FormState,
    meldescheinnummer: f.meldescheinnummer,
    plannedStayId: null,
    source: 'form',
    guests: f.guests,
    guestName: f.firstGuestName,
  };
}

export async function comingStays(
  owner: Owner,
  today: string,
  /** Only the stays arriving within these days (the overview's week); all when not given. */
  arriving?: Arrivals,
): Promise<ComingStay[]> {
  const db = await getDb();
  const [planned, forms] = await Promise.all([
    comingPlannedStays(owner, today, arriving),
    db
      .select()
      .from(portalForms)
      .where(
        and(
          ownerIs(owner),
          gte(portalForms.departureDate, today),
          ne(portalForms.state, 'cancelled'),
          arriving ? gte(portalForms.arrivalDate, arriving.from) : undefined,
          arriving ? lte(portalForms.arrivalDate, arriving.to) : undefined,
        ),
      )
      .orderBy(asc(portalForms.arrivalDate)),
  ]);
  const byForm = new Map(forms.map((f) => [f.formId, f]));
  const stays: ComingStay[] = planned.map((p) => {
    const form = p.formId ? byForm.get(p.formId) : undefined;
    if (form) byForm.delete(form.formId);
    return {
      key: `p:${p.id}`,
      objektId: p.objektId,
      arrival: form?.arrivalDate ?? p.arrivalDate,
      departure: form?.departureDate ?? p.departureDate,
      state: p.state === 'cancelled' ? 'planned' : p.state,
      formId: p.formId,
      formState: (form?.state as FormState | undefined) ?? null,
      meldescheinnummer: form?.meldescheinnummer ?? null,
      plannedStayId: p.id,
      source: p.source,
      guests: form?.guests ?? p.expectedGuests,
      guestName: form?.firstGuestName ?? p.guestName,
    };
  });
  for (const f of byForm.values()) stays.push(bookedStay(f));
  return stays
    .filter((s) => !arriving || (s.arrival >= arriving.from && s.arrival <= arriving.to))
    .sort((a, b) => a.arrival.localeCompare(b.arrival) || a.key.localeCompare(b.key));
}
