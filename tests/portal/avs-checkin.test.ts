// The guests' check-in, the arrival day and planned stays of a landlord whose municipality runs
// AVS (issue 36): the portal's AVS client against this service's own AVS face in-process. A
// booking system booked the lead guest and "two more" as a group arriving today; the party checks
// in on a phone as three Dutch adults (Carla is Bram's partner); the landlord's review corrects
// the same form over SOAP as the review page sends it; the arrival record then names who signs,
// the planned stay of the invitation is fulfilled by the form, and the index and the coming stays
// show it once.
import { beforeEach, describe, expect, it } from 'vitest';
import { AvsClient, forgetAvsConfigs, signInWithBasic } from '@/lib/portal/api/avs/client';
import { relationsByPlace, setRelations } from '@/lib/portal/arrival/confirm';
import { arrivalState } from '@/lib/portal/arrival/record';
import { snapshotOf } from '@/lib/portal/checkin/landlord';
import { partyFromSubmission, toCheckinGuests } from '@/lib/portal/checkin/party';
import { formConfigOf, gemeindeById, metaForGemeinde } from '@/lib/portal/config/view';
import { completeGuest, type StayValues } from '@/lib/portal/guest-form/values';
import { toUpdatePlan } from '@/lib/portal/guest-form/wire';
import type { Owner } from '@/lib/portal/session/session';
import { comingStays } from '@/lib/portal/stays/coming';
import { findForm, saveForms } from '@/lib/portal/stays/forms-index';
import { linkBookedForm, plannedStayForInvitation } from '@/lib/portal/stays/planned-forms';
import { createAvsHandler } from '@/lib/service/avs';
import type { BookGuest } from '@/lib/wire/meldeschein';
import { addDays, berlinToday } from '@/lib/wire/time';
import { getDb } from '@/lib/db';
import { useTestDb } from '../helpers/db';
import { person } from '../service/meldeschein-fixtures';

const t = useTestDb();
const AVS = 'http://service.test/avs/JMeldescheinWebservices';
const owner: Owner = { serviceUrl: AVS, username: 'demo' };

async function signedIn(): Promise<AvsClient> {
  const handler = createAvsHandler({ db: async () => t.db });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) =>
    (
      await handler.reply(new Request(input, init), { clientAddress: '127.0.0.1' })
    ).toResponse()) as typeof fetch;
  const { credential } = await signInWithBasic(AVS, 'demo', 'demo', undefined, fetchImpl);
  return new AvsClient(AVS, credential, fetchImpl);
}

beforeEach(() => forgetAvsConfigs());

/** A Dutch adult as the guest's phone sends them (the second and third take the first's address). */
const dutch = (first: string, last: string, birth: string, passport: string) => ({
  Gast_Vorname: first,
  Gast_Name: last,
  Gast_Geburtsdatum: birth,
  Gast_Strasse: 'Keizersgracht 12',
  Gast_Postleitzahl: '1015 CS',
  Gast_Wohnort: 'Amsterdam',
  Gast_Land: 'NL',
  Gast_Staatsangehoerigkeit: 'NL',
  Gast_Ausweisnummer: passport,
});

describe('a check-in for a booked AVS stay, on its arrival day', () => {
  it('corrects the same form over SOAP; the record counts the couple as one signer; the planned stay is fulfilled', async () => {
    const client = await signedIn();
    const config = await client.currentUser();
    const objekt = t.demo.objekte.moeweA;
    const meta = metaForGemeinde(config, t.demo.gemeinden.seeblick.id)!;
    const gemeinde = gemeindeById(config, meta.gemeinde)!;
    const formConfig = formConfigOf(gemeinde);
    const arrival = berlinToday();
    const departure = addDays(arrival, 3);
    const dates = { arrival_date: arrival, departure_date: departure };

    // The booking system knew the lead guest and "two more".
    const [booked] = await client.book({ gemeinde: meta.gemeinde, objekt }, [
      {
        personen: [
          person({ ...dates, Gast_Vorname: 'Anna', Gast_Name: 'de Jong' }) as BookGuest,
          { tarif_id: 1, gast_type: 'gruppe', anzahl: 2, ...dates },
        ],
      },
    ]);
    await saveForms(owner, meta.gemeinde, [booked!]);
    // The invitation hangs off a planned stay of the form's object and dates.
    const planned = await plannedStayForInvitation(owner, {
      gemeindeId: meta.gemeinde,
      objektId: objekt,
      arrival,
      departure,
      expectedGuests: 3,
      formId: booked!.id,
    });

    // The party on the phone: three adults, Carla is Bram's partner.
    const snapshot = snapshotOf(config, objekt)!;
    const stay = { arrival, departure, tarifId: '1' };
    const sent: StayValues = {
      objektId: String(objekt),
      arrival,
      departure,
      guests: [
        dutch('Anna', 'de Jong', '1990-04-02', 'NA1234567'),
        dutch('Bram', 'Bakker', '1985-06-11', 'NB7654321'),
        dutch('Carla', 'Bakker', '1987-01-23', 'NC2468024'),
      ].map((fields, i) =>
        completeGuest(
          {
            id: '',
            type: 'person',
            anzahl: '1',
            ...stay,
            fields,
            ...(i === 2 ? { relation: 'partner:1' } : {}),
          },
          formConfig,
        ),
      ),
    };
    const checkin = { arrivalDate: arrival, departureDate: departure };
    const guests = toCheckinGuests(sent, formConfig);
    expect(guests[2]!.relation).toEqual({ as: 'partner', of: 1 });

    // The landlord's review (the review page): the party takes the form's guests' places in order,
    // then the booking pipeline sends only what changed.
    const [loaded] = await client.get(meta, [booked!.id]);
    const entered = partyFromSubmission({ ...checkin, guests }, snapshot);
    const values: StayValues = {
      ...entered,
      guests: entered.guests.map((g, i) => ({
        ...completeGuest(g, formConfig),
        id: loaded!.personen[i] ? String(loaded!.personen[i].id) : '',
      })),
    };
    const plan = toUpdatePlan(loaded!, values, formConfig);
    expect(plan.empty).toBe(false);
    const form = await client.update({ gemeinde: meta.gemeinde, objekt }, plan.form);

    // The same form, now three individual Dutch guests with their own passports.
    expect(form.id).toBe(booked!.id);
    expect(form.meldescheinnummer).toBe(booked!.meldescheinnummer);
    expect(
      form.personen.map((g) => [g.gast_type, g.Gast_Vorname, g.Gast_Staatsangehoerigkeit]),
    ).toEqual([
      ['person', 'Anna', 'NL'],
      ['person', 'Bram', 'NL'],
      ['person', 'Carla', 'NL'],
    ]);
    expect(form.personen.map((g) => g.Gast_Ausweisnummer)).toEqual([
      'NA1234567',
      'NB7654321',
      'NC2468024',
    ]);
    expect(form.verwendete_kurtaxe).toBe(booked!.verwendete_kurtaxe);

    // As bookCheckin continues: the index and the record, then who travels with whom.
    await saveForms(owner, meta.gemeinde, [form]);
    const db = await getDb();
    const ref = { ...owner, formId: form.id };
    expect(
      await setRelations(
        db,
        ref,
        relationsByPlace(
          guests.map((g) => g.relation),
          form.personen.map((g) => g.id),
        ),
      ),
    ).toBe('changed');
    const state = await arrivalState(db, ref);
    expect(state!.arrivalDate).toBe(arrival);
    expect(state!.party.meldescheinnummer).toBe(form.meldescheinnummer);
    expect(state!.signers.map((s) => s.guestId)).toEqual([
      form.personen[0]!.id,
      form.personen[1]!.id,
    ]);
    expect(state!.signers[1]!.counted).toEqual([
      { nationality: 'NL', count: 1, guestIds: [form.personen[2]!.id] },
    ]);

    // The planned stay is the form's now; the coming stays show it once, as the booked form.
    const linked = await linkBookedForm(owner, {
      gemeindeId: meta.gemeinde,
      form,
      plannedStayId: planned.id,
    });
    expect(linked?.id).toBe(planned.id);
    expect(linked?.formId).toBe(form.id);
    const coming = await comingStays(owner, arrival);
    expect(coming.filter((c) => c.formId === form.id)).toMatchObject([
      { plannedStayId: planned.id, guests: 3 },
    ]);
    expect(await findForm(owner, form.id)).toMatchObject({
      guests: 3,
      firstGuestName: 'Anna de Jong',
      arrivalDate: arrival,
    });
  });
});
