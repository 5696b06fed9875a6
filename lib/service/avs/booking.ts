// bucheMeldeschein (interface v7.6, 3): a new form (a booking number, no meldescheinnummer), a
// correction (the meldescheinnummer: the whole form as it is to be; companions without their
// personid are new, stored ones left out are removed) or a cancellation (abrechnungstatusid 4),
// through the service's own book, update and cancel, in their transactions and with their rules.
import type { Meldeschein, MeldescheineElement } from '../../wire/avs';
import { ServiceError } from '../../wire/errors';
import { MAX_ANZAHL } from '../../wire/guest-rules';
import { isId, type BookGuest, type UpdateGuest } from '../../wire/meldeschein';
import { berlinDate, bookForms, cancelForms } from '../meldescheine';
import type { GemeindeConfig } from '../meldescheine/config';
import type { GuestExtras } from '../meldescheine/extras';
import { updateForm } from '../meldescheine/update';
import { echoIdentifikation, success, type AvsCall } from './call';
import {
  avsNummer,
  companionTraveller,
  formToMs,
  indivFields,
  keptOf,
  mainTraveller,
} from './forms';
import { countryOf, guestValues, type Traveller } from './guests';
import { AvsRefusal, fehlerOf, refuse } from './refusal';
import { formByKey, objektScope } from './scope';
import { writeResponse } from '../../wire/avs';

type Call = AvsCall<'bucheMeldeschein'>;
const CANCELLED = 4;

export async function bucheMeldeschein(call: Call): Promise<string> {
  const m = call.value.meldeschein;
  if (!m) throw refuse('10003', 'meldeschein');
  const bezug = `Meldeschein-Buchungsnummer: ${m.buchungsnummer ?? ''}`;
  if (m.kz_manuelle_ms) throw refuse('10113', bezug);
  try {
    if (m.meldescheinnummer) return await change(call, m, bezug);
    if (m.abrechnungstatusid === CANCELLED) throw refuse('10112', bezug);
    return await book(call, m, bezug);
  } catch (err) {
    if (err instanceof ServiceError) throw refusalOf(err, bezug);
    throw err;
  }
}

function refusalOf(err: ServiceError, bezug: string) {
  if (err.code === 'duplicate_request') return refuse('10104', bezug);
  return new AvsRefusal(fehlerOf(err, bezug));
}

const answer = (call: Call, meldeschein: Meldeschein & { buchungsnummer: string }) =>
  writeResponse('bucheMeldeschein', {
    identifikation: echoIdentifikation(call.value.identifikation, call.now),
    fehlermeldungen: { fehler: success('bucheMeldeschein') },
    meldeschein,
  } satisfies MeldescheineElement);

/** The required elements of a form to be booked or corrected. */
function required(m: Meldeschein, bezug: string) {
  if (!m.anreise || !m.abreise) throw refuse('10119', bezug);
  if (m.kategorieid === undefined || !isId(m.kategorieid)) throw refuse('10115', bezug);
  if (m.name === undefined) throw refuse('10003', `${bezug} - name`);
  return { anreise: m.anreise, abreise: m.abreise, kategorie: m.kategorieid };
}

/** The form's guests as the booking and the update take them, with their extras. */
function guestsOf(cfg: GemeindeConfig, m: Meldeschein, bezug: string) {
  const { anreise, abreise, kategorie } = required(m, bezug);
  // A disability pass (category fields) must still be valid at arrival.
  const passUntil = m.zusatzfelder?.['sb-gueltig-bis'];
  if (passUntil !== undefined && passUntil < anreise) throw refuse('10201', bezug);
  const main = mainTraveller(m, {
    land: countryOf(m.land, m.landid, bezug),
    nat: countryOf(m.staatsangehoerigkeit, m.staatsangehoerigkeitid, bezug),
  });
  const values = (t: Traveller) => guestValues(cfg, t);
  const mainValues = values(main);
  const guests: { guest: BookGuest; extras: GuestExtras; personid?: number }[] = [
    {
      guest: {
        tarif_id: kategorie,
        gast_type: 'person',
        arrival_date: anreise,
        departure_date: abreise,
        ...mainValues.fields,
        ...indivFields(cfg, m, bezug),
      },
      extras: mainValues.extras,
    },
  ];
  const within = (a: string, d: string) => a >= anreise && d <= abreise;
  for (const p of m.begleitperson ?? []) {
    if (!isId(p.kategorieid)) throw refuse('10115', `${bezug} - Begleitperson: ${p.name}`);
    const a = p.anreise ?? anreise;
    const d = p.abreise ?? abreise;
    if (!within(a, d)) throw refuse('10102', `${bezug} - Begleitperson: ${p.name}`);
    const nat = countryOf(p.staatsangehoerigkeit, p.staatsangehoerigkeitid, bezug);
    const v = values(companionTraveller(p, main, nat));
    guests.push({
      guest: {
        tarif_id: p.kategorieid,
        gast_type: 'person',
        arrival_date: a,
        departure_date: d,
        ...v.fields,
      },
      extras: v.extras,
      ...(p.personid !== undefined ? { personid: p.personid } : {}),
    });
  }
  for (const g of m.begleitgruppe ?? []) {
    if (g.anzahl < 1) throw refuse('10111', bezug);
    if (g.anzahl > MAX_ANZAHL) throw refuse('10002', `${bezug} - anzahl`);
    if (!isId(g.kategorieid)) throw refuse('10115', bezug);
    guests.push({
      guest: {
        tarif_id: g.kategorieid,
        gast_type: 'gruppe',
        anzahl: g.anzahl,
        arrival_date: anreise,
        departure_date: abreise,
      },
      extras: {},
      ...(g.personid !== undefined ? { personid: g.personid } : {}),
    });
  }
  return guests;
}

/** Without nulls: on a booking, a field left out and a field sent empty are the same. */
function booked(g: BookGuest): BookGuest {
  const { tarif_id, gast_type, arrival_date, departure_date, anzahl, ...fields } = g;
  const out: BookGuest = { tarif_id, gast_type, arrival_date, departure_date };
  if (anzahl !== undefined) out.anzahl = anzahl;
  for (const [k, v] of Object.entries(fields)) if (v !== null) out[k] = v;
  return out;
}

async function book(call: Call, m: Meldeschein, bezug: string): Promise<string> {
  if (!m.buchungsnummer?.trim()) throw refuse('10003', `${bezug} - buchungsnummer`);
  if (m.objektid === undefined) throw refuse('10009', bezug);
  const scope = await objektScope(
    call.db,
    call.caller.user,
    { gemeinde: call.gemeinde, objekt: m.objektid, ...(m.firmaid ? { firma: m.firmaid } : {}) },
    'meldeschein.add_meldeschein',
    bezug,
  );
  const guests = guestsOf(scope.gemeinde, m, bezug);
  const [form] = await bookForms(
    call.db,
    call.caller.user,
    {
      meta: scope.meta,
      meldescheine: [{ input_id: m.buchungsnummer, personen: guests.map((g) => booked(g.guest)) }],
    },
    call.now,
    [
      {
        buchungsnummer: m.buchungsnummer,
        kept: keptOf(m) as Record<string, unknown> | null,
        manualCents: m.manueller_betrag ?? null,
        guests: guests.map((g) => g.extras),
      },
    ],
  );
  // The request, as AVS answers it, with the number, the amounts, the state and the persons' ids.
  const [, ...companions] = form!.personen;
  return answer(call, {
    ...m,
    buchungsnummer: m.buchungsnummer,
    meldescheinnummer: avsNummer(form!.meldescheinnummer),
    firmaid: form!.beherberger_id,
    betrag: Math.round(form!.verwendete_kurtaxe * 100),
    abrechnungstatusid: form!.state === 'departed' ? 3 : 1,
    ...(m.begleitperson?.length
      ? {
          begleitperson: m.begleitperson.map((p, i) => ({
            ...p,
            personid: companions[i]!.id,
            betrag: Math.round(companions[i]!.kurtaxe_calc * 100),
          })),
        }
      : {}),
    ...(m.begleitgruppe?.length
      ? {
          begleitgruppe: m.begleitgruppe.map((g, i) => ({
            ...g,
            personid: companions[i]!.id,
            betrag: Math.round(companions[i]!.kurtaxe_calc * 100),
          })),
        }
      : {}),
  });
}

const storedForm = (call: Call, nummer: string, bezug: string) =>
  formByKey(call.db, call.caller.user, { nummer, gemeinde: call.gemeinde }, call.now, bezug);

async function change(call: Call, m: Meldeschein, bezug: string): Promise<string> {
  const before = await storedForm(call, m.meldescheinnummer!, bezug);
  const meta = { gemeinde: before.row.gemeindeId, objekt: before.row.objektId };
  const user = call.caller.user;
  if (m.abrechnungstatusid === CANCELLED) {
    await cancelForms(call.db, user, { meta, meldescheine: [before.row.id] }, call.now);
  } else {
    if (m.abrechnungstatusid !== undefined && ![1, 2, 3].includes(m.abrechnungstatusid)) {
      throw refuse('10112', bezug);
    }
    const guests = guestsOf(before.gemeinde, m, bezug);
    const [main] = before.guests;
    const personen: UpdateGuest[] = guests.map((g, i) => {
      const id = i === 0 ? main!.id : g.personid;
      if (id === undefined) return g.guest;
      // A `begleitperson` is one person, also where it names a stored group guest (the booking
      // system's "two more", now with their names): the guest becomes that person.
      if (i > 0 && g.guest.gast_type === 'person') return { ...g.guest, anzahl: 1, id };
      // Otherwise a stored guest keeps its kind: an individual answered as a group of one stays
      // one, and a group answered as the main traveller keeps its count.
      const { gast_type: _type, ...rest } = g.guest;
      return { ...rest, id };
    });
    await updateForm(
      call.db,
      user,
      { meta, meldescheine: [{ id: before.row.id, input_id: null, personen }] },
      call.now,
      {
        kept: keptOf(m) as Record<string, unknown> | null,
        manualCents: m.manueller_betrag ?? null,
        guests: guests.map((g) => g.extras),
        // Companions left out are removed (AVS's rule), decided under the form's lock.
        replaceGuests: true,
      },
    );
  }
  const after = await storedForm(call, m.meldescheinnummer!, bezug);
  return answer(call, formToMs(after, berlinDate(call.now)));
}
