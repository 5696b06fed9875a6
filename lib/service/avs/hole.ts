// holeMeldeschein and holeMeldescheine (interface v7.6, 4): the account's forms as they are now,
// by meldescheinnummer, or by booking number (and object); holeMeldescheine also by municipality.
import {
  writeResponse,
  type HoleMeldescheineResponse,
  type ListedMeldeschein,
} from '../../wire/avs';
import { berlinDate, loadForms, type StoredForm } from '../meldescheine';
import { formToMs, ourNummer } from './forms';
import { echoIdentifikation, success, type AvsCall } from './call';
import { refuse } from './refusal';
import { findForms, formByKey, objektScope } from './scope';

export async function holeMeldeschein(call: AvsCall<'holeMeldeschein'>): Promise<string> {
  const q = call.value.anfragedaten;
  const bezug = q.meldescheinnummer
    ? `Meldescheinnummer: ${q.meldescheinnummer}`
    : `Meldeschein-Buchungsnummer: ${q.buchungsnummer ?? ''}`;
  if (!q.meldescheinnummer && !q.buchungsnummer) throw refuse('10003', 'anfragedaten');
  const form = await formByKey(
    call.db,
    call.caller.user,
    q.meldescheinnummer
      ? { nummer: q.meldescheinnummer, gemeinde: call.gemeinde }
      : { buchungsnummer: q.buchungsnummer!, objekt: q.objektid, gemeinde: call.gemeinde },
    call.now,
    bezug,
  );
  return writeResponse('holeMeldeschein', {
    identifikation: echoIdentifikation(call.value.identifikation, call.now),
    anfragedaten: q.meldescheinnummer
      ? { meldescheinnummer: q.meldescheinnummer }
      : { buchungsnummer: q.buchungsnummer!, ...(q.objektid ? { objektid: q.objektid } : {}) },
    fehlermeldungen: { fehler: success('holeMeldeschein') },
    meldeschein: formToMs(form, berlinDate(call.now)),
  });
}

/** At most this many forms per holeMeldescheine answer (the newest). */
export const MAX_LISTED = 100;

/** A form as holeMeldescheine lists it (cMeldeschein). */
function listed(form: StoredForm, today: string): ListedMeldeschein {
  const ms = formToMs(form, today);
  const adresse = (p: { anredeid?: number; vorname?: string; name?: string }) => ({
    adressartid: 1,
    ...(p.anredeid !== undefined ? { anredeid: p.anredeid } : {}),
    ...(p.vorname !== undefined ? { vorname: p.vorname } : {}),
    ...(p.name !== undefined ? { name: p.name } : {}),
  });
  const [main] = form.guests;
  return {
    'ort-id': form.row.gemeindeId,
    buchungsnummer: ms.buchungsnummer,
    ...(ms.meldescheinnummer ? { meldescheinnummer: ms.meldescheinnummer } : {}),
    firmaid: form.row.beherbergerId,
    objektid: form.row.objektId,
    hauptperson: {
      ...(main ? { personid: main.id } : {}),
      adresse: {
        ...adresse(ms),
        ...(ms.strasse !== undefined ? { strasse: ms.strasse } : {}),
        ...(ms.hausnummer !== undefined ? { hausnummer: ms.hausnummer } : {}),
        ...(ms.plz !== undefined ? { plz: ms.plz } : {}),
        ...(ms.ort !== undefined ? { ort: ms.ort } : {}),
        ...(ms.land ? { land: ms.land } : {}),
      },
      ...(ms.geburtsdatum ? { geburtsdatum: ms.geburtsdatum } : {}),
      ...(ms.staatsangehoerigkeit ? { staatsangehoerigkeitid: ms.staatsangehoerigkeit } : {}),
      kategorieid: ms.kategorieid ?? 0,
      ...(ms.anreise ? { anreise: ms.anreise } : {}),
      ...(ms.abreise ? { abreise: ms.abreise } : {}),
    },
    ...(ms.weitere_angaben ? { weitere_angaben: ms.weitere_angaben } : {}),
    ...(ms.kfzkennzeichen ? { kfzkennzeichen: ms.kfzkennzeichen } : {}),
    ...(ms.betrag !== undefined ? { betrag: ms.betrag } : {}),
    ...(ms.abrechnungstatusid !== undefined ? { abrechnungstatusid: ms.abrechnungstatusid } : {}),
    ...(ms.zusatzfelder ? { zusatzfelder: ms.zusatzfelder } : {}),
    ...(ms.begleitperson?.length
      ? {
          begleitperson: ms.begleitperson.map((p) => ({
            ...(p.personid !== undefined ? { personid: p.personid } : {}),
            adresse: adresse(p),
            ...(p.geburtsdatum ? { geburtsdatum: p.geburtsdatum } : {}),
            ...(p.staatsangehoerigkeit ? { staatsangehoerigkeitid: p.staatsangehoerigkeit } : {}),
            kategorieid: p.kategorieid,
            ...(p.anreise ? { anreise: p.anreise } : {}),
            ...(p.abreise ? { abreise: p.abreise } : {}),
          })),
        }
      : {}),
    ...(ms.begleitgruppe?.length ? { begleitgruppe: ms.begleitgruppe } : {}),
  };
}

export async function holeMeldescheine(call: AvsCall<'holeMeldescheine'>): Promise<string> {
  const q = call.value.anfragedaten ?? {};
  const user = call.caller.user;
  const gemeinde = q['ort-id'] ?? call.gemeinde;
  if (call.gemeinde !== null && q['ort-id'] !== undefined && q['ort-id'] !== call.gemeinde) {
    throw refuse('11900', `ort-id ${q['ort-id']}`);
  }
  const key = q.meldescheinnummer
    ? { nummer: q.meldescheinnummer, gemeinde }
    : q.buchungsnummer !== undefined
      ? { buchungsnummer: q.buchungsnummer, gemeinde }
      : { gemeinde };
  const nummer = key.nummer === undefined ? undefined : ourNummer(key.nummer);
  const found =
    nummer === null ? [] : await findForms(call.db, user, { ...key, nummer }, MAX_LISTED);
  const today = berlinDate(call.now);
  const meldescheine: HoleMeldescheineResponse['meldescheine'] = [];
  // Grouped by municipality and object: each group is one scope, read in one statement.
  const groups = new Map<string, number[]>();
  for (const f of found) {
    const k = `${f.gemeinde}:${f.objekt}`;
    groups.set(k, [...(groups.get(k) ?? []), f.id]);
  }
  const byId = new Map<number, StoredForm>();
  for (const [k, ids] of groups) {
    const [g, o] = k.split(':').map(Number);
    const scope = await objektScope(
      call.db,
      user,
      { gemeinde: g!, objekt: o! },
      'meldeschein.view_meldeschein',
      k,
    );
    for (const f of await loadForms(call.db, scope, ids, call.now)) byId.set(f.row.id, f);
  }
  for (const f of found) meldescheine.push(listed(byId.get(f.id)!, today));
  return writeResponse('holeMeldescheine', {
    fehlermeldungen: { fehler: success('holeMeldescheine') },
    ...(meldescheine.length ? { meldescheine } : {}),
  });
}
