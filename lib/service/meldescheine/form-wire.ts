// A stored form as the complete wire object (spec 2.4, 2.5): every field present, null where the
// service has no value, money as cents/100, guests in request order with every field of the
// municipality. Booking, update and read answer with this one shape.
import type { meldescheine, personen } from '../../db/schema';
import type { FormResponse, GuestResponse, PrecheckError } from '../../wire/meldeschein';
import { STATE_DISPLAY } from '../../wire/meldeschein';
import type { MetaUser } from '../../wire/meta';
import { stamp } from './stamps';
import type { GemeindeConfig, ObjektInfo } from './config';
import { ADDRESS_FIELDS, type StoredFields } from './fields';
import { travelSpan } from './kurtaxe';
import { effectiveState } from './states';

export type FormRow = typeof meldescheine.$inferSelect;
export type GuestRow = typeof personen.$inferSelect;

/** A form with its live guests (by position) and what its response needs besides. */
export interface StoredForm {
  row: FormRow;
  guests: GuestRow[];
  creator: MetaUser;
  gemeinde: GemeindeConfig;
  objekt: ObjektInfo;
}

const money = (cents: number) => cents / 100;

export function guestResponse(cfg: GemeindeConfig, g: GuestRow): GuestResponse {
  const fields = g.fields as StoredFields;
  // Key order as in the vendor's samples: fixed fields, municipality fields, address fields.
  const out: Record<string, unknown> = {
    id: g.id,
    tarif_id: g.tarifId,
    meldeschein_id: g.meldescheinId,
    gast_type: g.gastType,
    created: stamp(g.created),
    modified: stamp(g.modified),
    anzahl: g.anzahl,
    arrival_date: g.arrivalDate,
    departure_date: g.departureDate,
    CSID: null,
    kurtaxe_calc: money(g.kurtaxeCalcCents),
  };
  for (const f of cfg.fields) out[f.name] = fields[f.name] ?? null;
  for (const f of ADDRESS_FIELDS) out[f.name] = fields[f.name] ?? null;
  return out as GuestResponse;
}

export function formResponse(form: StoredForm, today: string): FormResponse {
  const { row, guests, gemeinde } = form;
  const state = effectiveState(row.state, row.departureDate, today);
  const calc = money(row.kurtaxeCalcCents);
  const manual = money(row.manuellerBetragCents);
  return {
    id: row.id,
    input_id: row.inputId,
    personen: guests.map((g) => guestResponse(gemeinde, g)),
    travel_span: travelSpan(
      guests.map((g) => ({
        tarifId: g.tarifId,
        anzahl: g.anzahl,
        arrival: g.arrivalDate,
        departure: g.departureDate,
      })),
    ),
    objekt: form.objekt.wire,
    meldescheinnummer: row.meldescheinnummer,
    objekt_id: row.objektId,
    beherberger_id: row.beherbergerId,
    verwendete_kurtaxe: row.kzManuellerBetrag ? manual : calc,
    creation_user: form.creator,
    precheck_errors: row.precheckErrors as PrecheckError[],
    state_display: STATE_DISPLAY[state],
    faktura_date: row.fakturaDate,
    CSID: null,
    Form_Id: null,
    BatchNo: null,
    BatchRDate: null,
    BatchPgDta: null,
    BatchTrack: null,
    ms_type: 'ems',
    state,
    created: stamp(row.created),
    modified: stamp(row.modified),
    user_note: row.userNote,
    is_storniert: state === 'cancelled',
    source: null,
    storno_bestaetigt: row.stornoBestaetigt,
    kurtaxe_ist: row.kurtaxeIstCents === null ? null : money(row.kurtaxeIstCents),
    manueller_betrag: manual,
    kz_manueller_betrag: row.kzManuellerBetrag,
    kurtaxe_calc: calc,
    stat_alter_kind_1: null,
    stat_alter_kind_2: null,
    stat_alter_kind_3: null,
    stat_alter_kind_4: null,
    invoice: row.invoice,
    ...(row.anonymisedAt ? { anonymised: true as const } : {}),
  };
}
