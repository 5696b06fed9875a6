import 'server-only';
// The landlord's coming stays, planned and booked together (issue 18): every planned stay not
// cancelled and every booked form of the index, not departed before today, one entry per stay (a
// planned stay its form fulfils shows once, as booked), by arrival. Reads only.
import { and, asc, gte, ne } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalForms } from '@/lib/db/schema';
import type { FormState } from '@/lib/wire/meldeschein';
import type { Owner } from '../session/session';
import { ownerIs } from './forms-index';
import { comingPlannedStays, type PlannedState } from './planned';

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
  plannedStayId: string | null;
  source: 'calendar' | 'manual' | 'form';
  /** Expected guests of a planned stay, persons of a form. */
  guests: number | null;
  guestName: string | null;
}

export async function comingStays(owner: Owner, today: string): Promise<ComingStay[]> {
  const db = await getDb();
  const [planned, forms] = await Promise.all([
    comingPlannedStays(owner, today),
    db
      .select()
      .from(portalForms)
      .where(
        and(
          ownerIs(owner),
          gte(portalForms.departureDate, today),
          ne(portalForms.state, 'cancelled'),
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
      plannedStayId: p.id,
      source: p.source,
      guests: form?.guests ?? p.expectedGuests,
      guestName: form?.firstGuestName ?? p.guestName,
    };
  });
  for (const f of byForm.values()) {
    stays.push({
      key: `f:${f.formId}`,
      objektId: f.objektId,
      arrival: f.arrivalDate,
      departure: f.departureDate,
      state: 'booked',
      formId: f.formId,
      formState: f.state as FormState,
      plannedStayId: null,
      source: 'form',
      guests: f.guests,
      guestName: f.firstGuestName,
    });
  }
  return stays.sort((a, b) => a.arrival.localeCompare(b.arrival) || a.key.localeCompare(b.key));
}
