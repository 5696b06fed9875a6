// Persons, person-nights and Kurtaxe of one form per tariff, kept in the portal's index so the
// monthly statement needs no call to the service. Client-safe (pure).
import type { FormResponse } from '@/lib/wire/meldeschein';
import { nightsBetween, toCents } from '../format';

/** One tariff's figures of a form (the index row's `tariffs`). */
export interface TariffFigures {
  tarifId: number;
  persons: number;
  personNights: number;
  kurtaxeCents: number;
}

/** Tariff id of the row that carries a manual amount's difference to the calculated Kurtaxe. */
export const MANUAL_ADJUSTMENT = 0;

export function tariffFigures(
  form: Pick<FormResponse, 'personen' | 'verwendete_kurtaxe'>,
): TariffFigures[] {
  const byTariff = new Map<number, TariffFigures>();
  let calcCents = 0;
  for (const g of form.personen) {
    const persons = Math.max(1, g.anzahl);
    const nights = Math.max(0, nightsBetween(g.arrival_date, g.departure_date));
    const cents = toCents(g.kurtaxe_calc);
    calcCents += cents;
    const row = byTariff.get(g.tarif_id) ?? {
      tarifId: g.tarif_id,
      persons: 0,
      personNights: 0,
      kurtaxeCents: 0,
    };
    row.persons += persons;
    row.personNights += persons * nights;
    row.kurtaxeCents += cents;
    byTariff.set(g.tarif_id, row);
  }
  const rows = [...byTariff.values()].sort((a, b) => a.tarifId - b.tarifId);
  // A manually set amount replaces the calculation (DECISIONS 2.7); its difference gets its own
  // row so that the rows always add up to the form's Kurtaxe.
  const difference = toCents(form.verwendete_kurtaxe) - calcCents;
  if (difference !== 0) {
    rows.push({
      tarifId: MANUAL_ADJUSTMENT,
      persons: 0,
      personNights: 0,
      kurtaxeCents: difference,
    });
  }
  return rows;
}
