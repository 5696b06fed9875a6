// Refusals of the AVS face: AVS's codes and German texts in `fehlermeldungen` (docs/avs.md). The
// domain's errors keep their machine codes; this is the one place that says which AVS code each
// one is answered with.
import { fehler, type AvsCode, type Fehler } from '../../wire/avs';
import type { ServiceError } from '../../wire/errors';

/** A refusal the AVS face answers in the operation's own element, HTTP 200, as AVS does. */
export class AvsRefusal extends Error {
  constructor(readonly fehler: Fehler[]) {
    super(fehler.map((f) => `${f.code} ${f.beschreibung}`).join('; '));
  }
}

export const refuse = (code: AvsCode, bezug?: string, field?: string) =>
  new AvsRefusal([fehler(code, bezug, field)]);

/** The field a detail path ends in (`meldescheine[0].personen[1].Gast_Name` -> `Gast_Name`). */
const lastName = (path: string) => path.split('.').pop() ?? path;

/**
 * A domain error as AVS codes: one entry per detail where the details say more. `bezug` names the
 * booking number (as AVS does) and the field or person concerned.
 */
export function fehlerOf(err: ServiceError, bezug: string): Fehler[] {
  const details = err.details.length
    ? err.details
    : [{ path: '', code: err.code, message: err.message }];
  return details.map((d) => {
    const at = d.path ? `${bezug} - ${d.path}` : bezug;
    switch (d.code) {
      case 'tariff_unknown':
      case 'tariff_inactive':
      case 'tariff_not_for_landlords':
        return fehler('10115', at);
      case 'departure_not_after_arrival':
      case 'stay_too_long':
        return fehler('10100', at);
      case 'invalid_email':
        return fehler('10129', at);
      case 'too_long':
        return fehler('10120', at, lastName(d.path));
      case 'invalid_date':
        return fehler('10002', at);
      case 'form_not_changeable':
        return fehler('10107', at);
      case 'form_cancelled':
        return fehler('10110', at);
      case 'not_found':
        return fehler('10106', at);
      case 'no_printable_tariff':
        return fehler('10110', at);
      default:
        return err.code === 'not_found'
          ? fehler('10106', at)
          : err.code === 'form_not_changeable'
            ? fehler('10107', at)
            : fehler('10002', `${at}: ${d.message}`);
    }
  });
}
