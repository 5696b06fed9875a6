// Warnings shown while the form is filled in, before "Meldeschein buchen": the service's own
// pre-checks (lib/wire/prechecks.ts), which never block a booking. Client-safe, pure.
import { isCalendarDate } from '@/lib/wire/time';
import {
  arrivalLongPast,
  bedsExceeded,
  dateInFuture,
  isBirthDateField,
  pastArrivalLimit,
} from '@/lib/wire/prechecks';
import type { GemeindeFormConfig } from '../config/view';
import { fmt } from '../i18n';
import type { FormWords } from '../i18n/guest/pages';
import type { StayValues } from './values';

export function personsOf(values: StayValues): number {
  return values.guests.reduce((n, g) => {
    const anzahl = Number(g.anzahl);
    return n + (g.type === 'gruppe' && Number.isInteger(anzahl) && anzahl > 1 ? anzahl : 1);
  }, 0);
}

export function formWarnings(
  values: StayValues,
  ctx: { config: GemeindeFormConfig; beds?: number; today: string },
  m: FormWords,
): string[] {
  const out: string[] = [];
  const persons = personsOf(values);
  if (ctx.beds !== undefined && bedsExceeded(persons, ctx.beds)) {
    out.push(fmt(m.precheck.beds_exceeded, { persons, beds: ctx.beds }));
  }
  const birthFields = ctx.config.fields.filter((f) => isBirthDateField(f.data_type, f.column_name));
  const pastLimit = pastArrivalLimit(ctx.today);
  values.guests.forEach((g, i) => {
    const guest = fmt(m.form.guestN, { n: i + 1 });
    const arrival = g.arrival || values.arrival;
    if (isCalendarDate(arrival) && arrivalLongPast(arrival, pastLimit)) {
      out.push(fmt(m.precheck.arrival_in_past, { guest }));
    }
    if (g.type === 'gruppe') return;
    for (const f of birthFields) {
      const v = g.fields[f.column_name];
      if (typeof v === 'string' && isCalendarDate(v) && dateInFuture(v, ctx.today)) {
        out.push(fmt(m.precheck.birth_date_in_future, { guest }));
      }
    }
  });
  return out;
}
