// An AVS form (cMs) and ours (decision 036): the main traveller is the form's first guest, each
// `begleitperson` a further individual guest, each `begleitgruppe` a group guest; `kategorieid` is
// the tariff, `firmaid` the landlord, `objektid` the object, `buchungsnummer` the booking system's
// number, `meldescheinnummer` ours without its hyphen, `betrag` the Kurtaxe the form is charged.
import type { Begleitperson, Meldeschein } from '../../wire/avs';
import type { StoredForm } from '../meldescheine';
import type { GemeindeConfig } from '../meldescheine/config';
import type { StoredFields } from '../meldescheine/fields';
import { isGroup, type GastType } from '../meldescheine/guests';
import { effectiveState } from '../meldescheine/states';
import { COMPANION_ADDRESS, COVERED_COLUMNS as COVERED } from '../../wire/avs/columns';
import { cut, guestValues, landOf, travellerOf, type Traveller } from './guests';
import { refuse } from './refusal';

/** Ours is `2026-000123`; AVS's clients read the number as an integer: `2026000123`. */
export const avsNummer = (nummer: string) => nummer.replace('-', '');

/** A meldescheinnummer as a client sends it (with or without the hyphen), as ours. */
export function ourNummer(value: string): string | null {
  const m = /^(\d{4})-?(\d{6,9})$/.exec(value.trim());
  return m ? `${m[1]}-${m[2]}` : null;
}

/** AVS's abrechnungstatusid of a form: 1 applied, 2 printed, 3 billed or departed, 4 cancelled. */
export function statusIdOf(form: StoredForm, today: string): number {
  const state = effectiveState(form.row.state, form.row.departureDate, today);
  if (state === 'cancelled') return 4;
  if (form.row.fakturaDate !== null || state === 'departed') return 3;
  return state === 'printed' ? 2 : 1;
}

/** What an AVS form keeps beyond our notions (meldescheine.avs). */
export interface KeptForm {
  zusatzfelder?: Meldeschein['zusatzfelder'];
  jkk?: boolean;
  'ue-e-gelt'?: number;
  authentifizierung?: string;
  weitere_kosten?: number;
}

export function keptOf(m: Meldeschein): KeptForm | null {
  const kept: KeptForm = {};
  if (m.zusatzfelder && Object.keys(m.zusatzfelder).length) kept.zusatzfelder = m.zusatzfelder;
  if (m.jkk !== undefined) kept.jkk = m.jkk;
  if (m['ue-e-gelt'] !== undefined) kept['ue-e-gelt'] = m['ue-e-gelt'];
  if (m.authentifizierung) kept.authentifizierung = m.authentifizierung;
  if (m.weitere_kosten !== undefined) kept.weitere_kosten = m.weitere_kosten;
  return Object.keys(kept).length ? kept : null;
}

/** The main traveller of a cMs in our words. */
export function mainTraveller(m: Meldeschein, country: { land?: string; nat?: string }): Traveller {
  const values: Traveller['values'] = {};
  const put = (k: keyof Traveller['values'], v: string | undefined) => {
    if (v !== undefined) values[k] = v;
  };
  put('name', m.name);
  put('vorname', m.vorname);
  put('geburtsdatum', m.geburtsdatum);
  put('strasse', m.strasse);
  put('plz', m.plz);
  put('ort', m.ort);
  put('land', country.land);
  put('staatsangehoerigkeit', country.nat);
  put('ausweisnr', m.ausweisnr);
  put('email', m.email);
  put('kfzkennzeichen', m.kfzkennzeichen);
  return {
    values,
    ...(m.anredeid !== undefined ? { anredeid: m.anredeid } : {}),
    ...(m.hausnummer ? { hausnummer: m.hausnummer } : {}),
    ...(m.weitere_angaben ? { weitere_angaben: m.weitere_angaben } : {}),
    ...(m.digit_gastkart !== undefined ? { digit_gastkart: m.digit_gastkart } : {}),
  };
}

/** A companion in our words, with the main traveller's address. */
export function companionTraveller(
  p: Begleitperson,
  main: Traveller,
  nat: string | undefined,
): Traveller {
  const values: Traveller['values'] = {};
  for (const e of COMPANION_ADDRESS) values[e] = main.values[e];
  const put = (k: keyof Traveller['values'], v: string | undefined) => {
    if (v !== undefined) values[k] = v;
  };
  put('name', p.name);
  put('vorname', p.vorname);
  put('geburtsdatum', p.geburtsdatum);
  put('staatsangehoerigkeit', nat);
  put('ausweisnr', p.ausweisnr);
  put('email', p.email);
  for (const k of Object.keys(values) as (keyof Traveller['values'])[]) {
    if (values[k] === undefined) delete values[k];
  }
  return {
    values,
    ...(p.anredeid !== undefined ? { anredeid: p.anredeid } : {}),
    ...(main.hausnummer ? { hausnummer: main.hausnummer } : {}),
    ...(p.digit_gastkart !== undefined ? { digit_gastkart: p.digit_gastkart } : {}),
    ...(p.barcode ? { barcode: p.barcode } : {}),
  };
}

/**
 * The individual fields (`indiv-zusatzfelder`) as the main guest's fields: each names a field of
 * the municipality no fixed element fills (10128 otherwise); its value is checked by the field's
 * type when it is stored.
 */
export function indivFields(cfg: GemeindeConfig, m: Meldeschein, bezug: string) {
  const out: Record<string, string | null> = {};
  for (const { feld, wert } of m['indiv-zusatzfelder'] ?? []) {
    if (!cfg.fieldByName.has(feld) || COVERED.has(feld) || feld in out) {
      throw refuse('10128', `${bezug} - Feld: ${feld}`);
    }
    out[feld] = wert === '' ? null : wert;
  }
  return out;
}

/** A stored guest value as the text of an individual field. */
const asText = (v: StoredFields[string] | undefined) => (v === undefined ? undefined : String(v));

/** A stored form as a cMs. */
export function formToMs(
  form: StoredForm,
  today: string,
): Meldeschein & { buchungsnummer: string } {
  const { row, gemeinde: cfg } = form;
  const [main, ...rest] = form.guests;
  const fields = (main?.fields ?? {}) as StoredFields;
  const t = travellerOf(cfg, fields);
  const kept = (row.avs ?? {}) as KeptForm;
  const persons = rest.filter(
    (g) => !isGroup({ gastType: g.gastType as GastType, anzahl: g.anzahl }),
  );
  const groups = rest.filter((g) =>
    isGroup({ gastType: g.gastType as GastType, anzahl: g.anzahl }),
  );
  const indiv = cfg.fields
    .filter((f) => !COVERED.has(f.name) && fields[f.name] !== undefined)
    .map((f) => ({ feld: f.name, wert: asText(fields[f.name])! }));
  const money = (cents: number) => cents;
  const out: Meldeschein & { buchungsnummer: string } = {
    buchungsnummer: cut(row.buchungsnummer ?? row.inputId ?? '', 50)!,
    meldescheinnummer: avsNummer(row.meldescheinnummer),
    ...(kept.jkk !== undefined ? { jkk: kept.jkk } : {}),
    firmaid: row.beherbergerId,
    objektid: row.objektId,
    anreise: main?.arrivalDate ?? row.arrivalDate,
    abreise: main?.departureDate ?? row.departureDate,
    kategorieid: main?.tarifId ?? 0,
    ...(t.anredeid !== undefined ? { anredeid: t.anredeid } : {}),
    name: cut(t.values.name ?? '', 50)!,
    ...(t.values.vorname !== undefined ? { vorname: cut(t.values.vorname, 50) } : {}),
    ...(t.values.strasse !== undefined ? { strasse: cut(t.values.strasse, 50) } : {}),
    ...(t.hausnummer !== undefined ? { hausnummer: cut(t.hausnummer, 50) } : {}),
    ...(t.values.plz !== undefined ? { plz: cut(t.values.plz, 10) } : {}),
    ...(t.values.ort !== undefined ? { ort: cut(t.values.ort, 50) } : {}),
    ...(landOf(t.values.land) ? { land: landOf(t.values.land) } : {}),
    ...(landOf(t.values.staatsangehoerigkeit)
      ? { staatsangehoerigkeit: landOf(t.values.staatsangehoerigkeit) }
      : {}),
    ...(t.values.ausweisnr !== undefined ? { ausweisnr: t.values.ausweisnr } : {}),
    ...(t.weitere_angaben !== undefined ? { weitere_angaben: cut(t.weitere_angaben, 50) } : {}),
    ...(t.values.kfzkennzeichen !== undefined ? { kfzkennzeichen: t.values.kfzkennzeichen } : {}),
    ...(t.values.geburtsdatum !== undefined ? { geburtsdatum: t.values.geburtsdatum } : {}),
    ...(row.kzManuellerBetrag ? { manueller_betrag: money(row.manuellerBetragCents) } : {}),
    betrag: row.kzManuellerBetrag ? row.manuellerBetragCents : row.kurtaxeCalcCents,
    abrechnungstatusid: statusIdOf(form, today),
    ...(kept.zusatzfelder ? { zusatzfelder: kept.zusatzfelder } : {}),
    ...(indiv.length ? { 'indiv-zusatzfelder': indiv } : {}),
    ...(t.values.email !== undefined ? { email: t.values.email } : {}),
    ...(t.digit_gastkart !== undefined ? { digit_gastkart: t.digit_gastkart } : {}),
    ...(kept['ue-e-gelt'] !== undefined ? { 'ue-e-gelt': kept['ue-e-gelt'] } : {}),
    ...(kept.authentifizierung ? { authentifizierung: kept.authentifizierung } : {}),
    ...(kept.weitere_kosten !== undefined ? { weitere_kosten: kept.weitere_kosten } : {}),
  };
  // The schema takes companions as persons or as groups, not both: a form booked over /api/
  // with both kinds answers all of them as groups (an individual as a group of one).
  if (groups.length) {
    out.begleitgruppe = rest.map((g) => ({
      personid: g.id,
      kategorieid: g.tarifId,
      anzahl: g.anzahl,
      betrag: g.kurtaxeCalcCents,
    }));
  } else if (persons.length) {
    out.begleitperson = persons.map((g) => {
      const p = travellerOf(cfg, g.fields as StoredFields);
      return {
        personid: g.id,
        ...(p.anredeid !== undefined ? { anredeid: p.anredeid } : {}),
        name: cut(p.values.name ?? '', 50)!,
        ...(p.values.vorname !== undefined ? { vorname: cut(p.values.vorname, 50) } : {}),
        ...(p.values.geburtsdatum !== undefined ? { geburtsdatum: p.values.geburtsdatum } : {}),
        kategorieid: g.tarifId,
        anreise: g.arrivalDate,
        abreise: g.departureDate,
        ...(landOf(p.values.staatsangehoerigkeit)
          ? { staatsangehoerigkeit: landOf(p.values.staatsangehoerigkeit) }
          : {}),
        ...(p.values.ausweisnr !== undefined ? { ausweisnr: p.values.ausweisnr } : {}),
        ...(p.barcode !== undefined ? { barcode: p.barcode } : {}),
        betrag: g.kurtaxeCalcCents,
        ...(p.values.email !== undefined ? { email: p.values.email } : {}),
        ...(p.digit_gastkart !== undefined ? { digit_gastkart: p.digit_gastkart } : {}),
      };
    });
  }
  return out;
}

export { guestValues };
