// The portal's AVS client (lib/portal/api/avs) against this service's own AVS face in-process, as
// the portal talks to an AVS municipality: sign-in with the Basic pair, the configuration from
// the lists, booking, reading, correcting, listing, printing and cancelling, each in the portal's
// shapes; a form booked over SOAP and read over JSON is the same form with the same Kurtaxe.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AvsClient,
  CHECKED_MS,
  forgetAvsConfigs,
  signInWithBasic,
} from '@/lib/portal/api/avs/client';
import { ApiError, type PortalForm } from '@/lib/portal/api/client';
import { HttpClient } from '@/lib/portal/api/http';
import { serviceSystems } from '@/lib/portal/api/systems';
import { authorize } from '@/lib/portal/session/auth';
import type { BookGuest } from '@/lib/wire/meldeschein';
import { createAvsHandler } from '@/lib/service/avs';
import { createServiceHandler } from '@/lib/service';
import { useTestDb } from '../helpers/db';
import { formsClient, person, query, Y } from '../service/meldeschein-fixtures';

const t = useTestDb();
const AVS = 'http://service.test/avs/JMeldescheinWebservices';
const API = 'http://service.test/api/';

/** What went over the wire to the AVS face (SOAP bodies), for the checks of the requests. */
let sent: string[] = [];

function avsFetch(): typeof fetch {
  const handler = createAvsHandler({ db: async () => t.db });
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(await request.clone().text());
    const reply = await handler.reply(request, { clientAddress: '127.0.0.1' });
    return reply.toResponse();
  }) as typeof fetch;
}

async function signedIn(username = 'demo', password = username) {
  const fetchImpl = avsFetch();
  const { credential } = await signInWithBasic(AVS, username, password, undefined, fetchImpl);
  return new AvsClient(AVS, credential, fetchImpl);
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

/** The JSON face's view of a form (the same service, the other protocol): by its number. */
async function overJson(form: PortalForm): Promise<PortalForm> {
  const nummer = `${form.meldescheinnummer.slice(0, 4)}-${form.meldescheinnummer.slice(4)}`;
  const [row] = await query<{ id: number }>(
    t,
    sql`select id from meldescheine where meldescheinnummer = ${nummer}`,
  );
  const anna = await formsClient(t);
  const handler = createServiceHandler({ db: async () => t.db });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(new Request(input, init), { clientAddress: '127.0.0.1' })) as typeof fetch;
  const [json] = await new HttpClient(API, anna.token, fetchImpl).get(meta(), [row!.id]);
  return json!;
}

/** A guest as the portal books it. */
const bookGuest = (o: Record<string, unknown>) => person(o) as BookGuest;

const meta = () => ({ gemeinde: t.demo.gemeinden.seeblick.id, objekt: t.demo.objekte.moeweA });

const pieter = bookGuest({
  arrival_date: `${Y}-07-14`,
  departure_date: `${Y}-07-17`,
  Gast_Vorname: 'Pieter',
  Gast_Name: 'de Vries',
  Gast_Geburtsdatum: '1980-05-17',
  Gast_Strasse: 'Prinsengracht 12',
  Gast_Postleitzahl: '1015 DV',
  Gast_Wohnort: 'Amsterdam',
  Gast_Land: 'NL',
  Gast_Staatsangehoerigkeit: 'NL',
  Gast_Ausweisnummer: 'NX1234567',
});
const anna = bookGuest({
  arrival_date: `${Y}-07-14`,
  departure_date: `${Y}-07-17`,
  Gast_Vorname: 'Anna',
  Gast_Name: 'de Vries',
  Gast_Geburtsdatum: '1982-09-01',
  Gast_Strasse: 'Prinsengracht 12',
  Gast_Postleitzahl: '1015 DV',
  Gast_Wohnort: 'Amsterdam',
  Gast_Land: 'NL',
  Gast_Staatsangehoerigkeit: 'NL',
  Gast_Ausweisnummer: 'NX7654321',
});

beforeEach(() => {
  sent = [];
  forgetAvsConfigs();
});

describe('AVS sign-in', () => {
  it('sends the browser\u2019s address along: the demo account does not open from elsewhere', async () => {
    const far = await failure(signInWithBasic(AVS, 'demo', 'demo', '203.0.113.9', avsFetch()));
    expect(far.kind).toBe('unauthenticated');
  });

  it('checks the pair at the system and seals the Basic pair, never a token of ours', async () => {
    const fetchImpl = avsFetch();
    const signed = await signInWithBasic(AVS, 'demo', 'demo', '127.0.0.1', fetchImpl);
    expect(Buffer.from(signed.credential, 'base64').toString()).toBe('demo:demo');
    expect(signed.expiresAt).toBeNull();
    expect(sent[0]).toContain('CONFIG-L-ANREDE');
  });

  it('refuses a wrong password as `unauthenticated` and a colon in the name before asking', async () => {
    const wrong = await failure(signInWithBasic(AVS, 'demo', 'falsch', undefined, avsFetch()));
    expect(wrong.kind).toBe('unauthenticated');
    sent = [];
    const colon = await failure(signInWithBasic(AVS, 'de:mo', 'x', undefined, avsFetch()));
    expect(colon.kind).toBe('invalid_request');
    expect(sent).toEqual([]);
  });

  it('takes a changed credential as signed out at the next call', async () => {
    const client = new AvsClient(AVS, Buffer.from('demo:alt').toString('base64'), avsFetch());
    expect((await failure(client.currentUser())).kind).toBe('unauthenticated');
  });

  it('spends one sign-in attempt of a changed password per page, not one per list it reads', async () => {
    const old = Buffer.from('demo:alt').toString('base64');
    // A page reads the configuration (five lists at once) and forms (eight at once); after the
    // system refused the first call, the others are not sent.
    const page = new AvsClient(AVS, old, avsFetch());
    const refusals = await Promise.all([
      failure(page.currentUser()),
      failure(page.get(meta(), [1, 2, 3, 4, 5, 6, 7, 8])),
    ]);
    expect(refusals.map((e) => e.kind)).toEqual(['unauthenticated', 'unauthenticated']);
    expect(sent).toHaveLength(1);
    // The session's other pages (another tab, the index sync) learn it without asking again.
    expect((await failure(new AvsClient(AVS, old, avsFetch()).currentUser())).kind).toBe(
      'unauthenticated',
    );
    expect(sent).toHaveLength(1);
    // The landlord is not locked out: signing in with the right password works at once, and that
    // sign-in's pages work.
    const client = await signedIn();
    expect((await client.currentUser()).user.username).toBe('demo');
  });

  it('lets a refused pair work again once the system accepts it at a sign-in', async () => {
    const pair = Buffer.from('demo:demo').toString('base64');
    let refuse = true;
    const face = avsFetch();
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) =>
      refuse ? new Response('', { status: 401 }) : face(input, init)) as typeof fetch;
    expect((await failure(new AvsClient(AVS, pair, fetchImpl).currentUser())).kind).toBe(
      'unauthenticated',
    );
    refuse = false;
    await signInWithBasic(AVS, 'demo', 'demo', undefined, fetchImpl);
    expect((await new AvsClient(AVS, pair, fetchImpl).currentUser()).user.username).toBe('demo');
  });
});

describe('the portal\u2019s sign-in with an AVS municipality', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs the demo\u2019s Kurort Tanne landlord in over AVS and seals the pair for the session', async () => {
    vi.stubGlobal('fetch', avsFetch());
    const system = serviceSystems().find((s) => s.protocol === 'avs')!;
    const user = await authorize(
      { username: 'tanne', password: 'tanne', system: system.id },
      { headers: { 'x-forwarded-for': '127.0.0.1' } },
    );
    expect(user).toMatchObject({
      name: 'Pension Tannenhof',
      username: 'tanne',
      protocol: 'avs',
      serviceUrl: system.url,
      credentialExp: null,
    });
    expect(Buffer.from(String(user?.credential), 'base64').toString()).toBe('tanne:tanne');
    expect(
      await authorize({ username: 'tanne', password: 'falsch', system: system.id }),
    ).toBeNull();
  });
});

describe('the configuration from AVS lists', () => {
  it('gives the account\u2019s landlords, objects with zones and beds, categories and fields', async () => {
    const config = await (await signedIn()).currentUser();
    expect(config.user.username).toBe('demo');
    const [moewe] = config.beherberger;
    expect(moewe).toMatchObject({
      id: t.demo.beherberger.moewe,
      firma: 'Ferienwohnungen Möwe GbR',
    });
    expect(moewe!.objekte.map((o) => [o.id, o.alias, o.anzahl_betten, o.tarifzone.alias])).toEqual([
      [t.demo.objekte.moeweA, 'Möwennest', 4, 'Zone I'],
      [t.demo.objekte.moeweB, 'Dünenhaus', 6, 'Zone II'],
    ]);
    expect(moewe!.objekte[0]).toMatchObject({ strasse: 'Strandweg 3', plz: '18999' });
    const [seeblick] = config.gemeinden;
    expect(seeblick!.alias).toBe('Ostseebad Seeblick');
    expect(seeblick!.tarife.map((x) => x.tarif_code)).toEqual(['ERW', 'KIND', 'KLEIN', 'SB']);
    const fields = Object.fromEntries(seeblick!.meldeschein_fields.map((f) => [f.column_name, f]));
    expect(fields.Gast_Name).toMatchObject({ alias: 'Nachname', required: true, size: 60 });
    expect(fields.Gast_Ausweisnummer).toMatchObject({
      required: false,
      required_foreign_only: true,
    });
    expect(fields.Gast_Land?.data_type).toBe('country');
  });

  it('answers `changed: false` for the same lists and a new tag when they change', async () => {
    const client = await signedIn();
    const first = await client.currentUserIfChanged(undefined);
    if (!first.changed) throw new Error('expected the configuration');
    sent = [];
    expect(await client.currentUserIfChanged(first.etag!)).toEqual({ changed: false });
    // The system took the credential a moment ago (the lists): nothing is asked (CHECKED_MS).
    expect(sent).toEqual([]);
    expect((await client.currentUserIfChanged('"old"')).changed).toBe(true);
    forgetAvsConfigs();
    expect(await client.currentUserIfChanged(first.etag!)).toEqual({ changed: false });
  });

  it('keeps the lists five minutes: a change at the system shows after that, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const client = await signedIn();
      const first = await client.currentUserIfChanged(undefined);
      if (!first.changed) throw new Error('expected the configuration');
      await t.db.execute(
        sql`update objekte set alias = 'Möwennest am Deich' where id = ${t.demo.objekte.moeweA}`,
      );
      vi.advanceTimersByTime(4 * 60_000);
      sent = [];
      expect(await client.currentUserIfChanged(first.etag!)).toEqual({ changed: false });
      expect(sent).toHaveLength(1);
      vi.advanceTimersByTime(61_000);
      const later = await client.currentUserIfChanged(first.etag!);
      if (!later.changed) throw new Error('expected the changed configuration');
      expect(later.value.beherberger[0]!.objekte[0]!.alias).toBe('Möwennest am Deich');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps one memory per process: the front door\u2019s copy of the client sees what the pages\u2019 read', async () => {
    const client = await signedIn();
    const first = await client.currentUserIfChanged(undefined);
    if (!first.changed) throw new Error('expected the configuration');
    // server.ts (the kept pages' front door) loads its own copy of the modules.
    vi.resetModules();
    const copy = await import('@/lib/portal/api/avs/client');
    expect(copy.AvsClient).not.toBe(AvsClient);
    const frontDoor = new copy.AvsClient(
      AVS,
      Buffer.from('demo:demo').toString('base64'),
      avsFetch(),
    );
    sent = [];
    // The configuration the pages read, and that the system took the credential just now.
    expect(await frontDoor.currentUserIfChanged(first.etag!)).toEqual({ changed: false });
    expect(sent).toEqual([]);
    // A refusal learned by one copy holds for the other: nothing is sent with that pair again.
    const old = Buffer.from('demo:alt').toString('base64');
    expect((await failure(new AvsClient(AVS, old, avsFetch()).currentUser())).kind).toBe(
      'unauthenticated',
    );
    sent = [];
    const again = await failure(new copy.AvsClient(AVS, old, avsFetch()).currentUser());
    expect(again.kind).toBe('unauthenticated');
    expect(sent).toEqual([]);
  });
});

describe('the credential\u2019s check on every page', () => {
  /** The face, or (`refuse`) a 401 as AVS answers a password changed there. */
  function changeable() {
    const face = avsFetch();
    const state = { refuse: false };
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!state.refuse) return face(input, init);
      sent.push(await new Request(input, init).text());
      return new Response('', { status: 401 });
    }) as typeof fetch;
    return { state, fetchImpl };
  }

  it('asks at most once per credential in CHECKED_MS; a password changed at AVS ends the pages after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const { state, fetchImpl } = changeable();
      const pair = (await signInWithBasic(AVS, 'demo', 'demo', undefined, fetchImpl)).credential;
      const first = await new AvsClient(AVS, pair, fetchImpl).currentUserIfChanged(undefined);
      if (!first.changed) throw new Error('expected the configuration');
      const page = () => new AvsClient(AVS, pair, fetchImpl).currentUserIfChanged(first.etag!);
      vi.advanceTimersByTime(CHECKED_MS);
      sent = [];
      // Past the window: the next page asks (the salutations), the pages after it within it do not.
      expect(await page()).toEqual({ changed: false });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain('CONFIG-L-ANREDE');
      vi.advanceTimersByTime(CHECKED_MS - 1);
      for (let i = 0; i < 3; i++) expect(await page()).toEqual({ changed: false });
      expect(sent).toHaveLength(1);
      // The password is changed at AVS: within the window the pages are still served…
      state.refuse = true;
      expect(await page()).toEqual({ changed: false });
      expect(sent).toHaveLength(1);
      // …after it, the next page asks and the session ends.
      vi.advanceTimersByTime(1);
      expect((await failure(page())).kind).toBe('unauthenticated');
      expect(sent).toHaveLength(2);
      // The refusal is remembered as before: the pages after it do not ask again.
      vi.advanceTimersByTime(CHECKED_MS * 2);
      expect((await failure(page())).kind).toBe('unauthenticated');
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the pages at once on a refusal another call learned, even within CHECKED_MS', async () => {
    const { state, fetchImpl } = changeable();
    const pair = (await signInWithBasic(AVS, 'demo', 'demo', undefined, fetchImpl)).credential;
    const client = new AvsClient(AVS, pair, fetchImpl);
    const first = await client.currentUserIfChanged(undefined);
    if (!first.changed) throw new Error('expected the configuration');
    state.refuse = true;
    // A form read by the index sync is refused: the system no longer takes the pair.
    expect((await failure(client.get(meta(), [1]))).kind).toBe('unauthenticated');
    sent = [];
    const page = new AvsClient(AVS, pair, fetchImpl).currentUserIfChanged(first.etag!);
    expect((await failure(page)).kind).toBe('unauthenticated');
    expect(sent).toEqual([]);
  });

  it('reads the lists again when asked to (the refresh button), within the five minutes', async () => {
    const client = await signedIn();
    const first = await client.currentUserIfChanged(undefined);
    if (!first.changed) throw new Error('expected the configuration');
    await t.db.execute(
      sql`update objekte set alias = 'Möwennest an der Düne' where id = ${t.demo.objekte.moeweA}`,
    );
    expect(await client.currentUserIfChanged(first.etag!)).toEqual({ changed: false });
    const reread = await client.currentUserIfChanged(first.etag!, { reread: true });
    if (!reread.changed) throw new Error('expected the changed configuration');
    expect(reread.value.beherberger[0]!.objekte[0]!.alias).toBe('Möwennest an der Düne');
    // What was read is what the pages after it keep.
    expect(await client.currentUserIfChanged(reread.etag!)).toEqual({ changed: false });
  });
});

describe('forms over AVS', () => {
  it('books a Dutch couple, read back over SOAP and over JSON as the same form and Kurtaxe', async () => {
    const client = await signedIn();
    const [form] = await client.book({ ...meta(), requestId: 'avs-book-1', idempotent: true }, [
      { personen: [pieter, anna] },
    ]);
    expect(sent.at(-1)).toContain('<buchungsnummer>avs-book-1</buchungsnummer>');
    expect(form!.state).toBe('draft');
    expect(form!.personen.map((p) => p.Gast_Vorname)).toEqual(['Pieter', 'Anna']);
    expect(form!.personen[1]!.Gast_Wohnort).toBe('Amsterdam');
    expect(form!.verwendete_kurtaxe).toBeGreaterThan(0);
    const json = await overJson(form!);
    expect(json.meldescheinnummer.replace('-', '')).toBe(form!.meldescheinnummer);
    expect(json.verwendete_kurtaxe).toBe(form!.verwendete_kurtaxe);
    expect(json.personen.map((p) => [p.Gast_Vorname, p.Gast_Land, p.Gast_Ausweisnummer])).toEqual([
      ['Pieter', 'NL', 'NX1234567'],
      ['Anna', 'NL', 'NX7654321'],
    ]);
    expect(json.personen[1]!.id).toBe(form!.personen[1]!.id);
    const [read] = await client.get(meta(), [form!.id]);
    expect(read!.personen.map((p) => p.kurtaxe_calc)).toEqual(
      json.personen.map((p) => p.kurtaxe_calc),
    );
  });

  it('refuses a repeated request id as `duplicate_request` naming the form it made', async () => {
    const client = await signedIn();
    const m = { ...meta(), requestId: 'avs-twice', idempotent: true };
    const [form] = await client.book(m, [{ personen: [pieter] }]);
    const again = await failure(client.book(m, [{ personen: [pieter] }]));
    expect(again).toMatchObject({ kind: 'conflict', code: 'duplicate_request', forms: [form!.id] });
  });

  it('puts a refusal on the guest and field the portal sent, sending nothing AVS cannot take', async () => {
    const client = await signedIn();
    sent = [];
    const err = await failure(
      client.book(meta(), [{ personen: [pieter, { ...anna, Gast_Name: 'x'.repeat(61) }] }]),
    );
    expect(err.kind).toBe('invalid_request');
    expect(err.code).toBe('validation_error');
    expect(err.details).toMatchObject([
      { path: 'meldescheine[0].personen[1].Gast_Name', code: 'too_long', params: { max: 50 } },
    ]);
    expect(sent.filter((body) => body.includes('<ms:meldescheine'))).toEqual([]);
    // The service's own refusals come back onto the guest's field too (required of a foreigner).
    const { Gast_Ausweisnummer: _, ...noPass } = anna;
    const missing = await failure(client.book(meta(), [{ personen: [pieter, noPass] }]));
    expect(missing.details.map((d) => d.path)).toContain(
      'meldescheine[0].personen[1].Gast_Ausweisnummer',
    );
  });

  it('corrects a form as a whole: a changed name, a guest added, one removed; the rest kept', async () => {
    const client = await signedIn();
    const [form] = await client.book(meta(), [{ personen: [pieter, anna] }]);
    const [main, companion] = form!.personen;
    const changed = await client.update(meta(), {
      id: form!.id,
      input_id: null,
      personen: [
        { id: main!.id, Gast_Vorname: 'Piet' },
        { id: companion!.id, delete: true },
        {
          ...person({
            Gast_Vorname: 'Sanne',
            Gast_Land: 'NL',
            Gast_Staatsangehoerigkeit: 'NL',
            Gast_Ausweisnummer: 'NX1',
          }),
          tarif_id: 2,
        },
      ],
    });
    expect(changed.personen.map((p) => p.Gast_Vorname)).toEqual(['Piet', 'Sanne']);
    expect(changed.personen[0]!.Gast_Ausweisnummer).toBe('NX1234567');
    const json = await overJson(form!);
    expect(json.personen.map((p) => [p.Gast_Vorname, p.tarif_id])).toEqual([
      ['Piet', 1],
      ['Sanne', 2],
    ]);
    expect(json.verwendete_kurtaxe).toBe(changed.verwendete_kurtaxe);
    // The main traveller's elements the portal does not show (salutation, house number apart)
    // are kept by the correction: the SOAP request carried them back.
    expect(sent.at(-1)).toContain('<meldescheinnummer>');
  });

  it('lists the municipality\u2019s forms with the portal\u2019s filters and pages', async () => {
    const client = await signedIn();
    const stay = (a: string, d: string) => ({
      arrival_date: `${Y}-${a}`,
      departure_date: `${Y}-${d}`,
    });
    const booked = await client.book(meta(), [
      { personen: [{ ...pieter, ...stay('10-02', '10-05') }] },
      { personen: [{ ...anna, ...stay('10-01', '10-03') }] },
      { personen: [{ ...anna, ...stay('11-01', '11-03') }] },
    ]);
    const october = { arrival_from: `${Y}-10-01`, arrival_to: `${Y}-10-31` };
    const first = await client.list(meta().gemeinde, october, { limit: 1, offset: 0 });
    expect(first.paging).toMatchObject({ total: 2, next_offset: 1 });
    expect(first.forms.map((f) => f.id)).toEqual([booked[1]!.id]);
    const second = await client.list(meta().gemeinde, october, { limit: 1, offset: 1 });
    expect(second.forms.map((f) => f.id)).toEqual([booked[0]!.id]);
    expect(second.paging.next_offset).toBeNull();
    const cancelled = await client.list(
      meta().gemeinde,
      { state: 'cancelled' },
      { limit: 10, offset: 0 },
    );
    expect(cancelled.forms.map((f) => f.id)).not.toContain(booked[2]!.id);
  });

  it('answers `changed_since` with the forms changed since this process read them; the rest unread', async () => {
    const client = await signedIn();
    const booked = await client.book(meta(), [
      { personen: [pieter] },
      { personen: [anna] },
      { personen: [{ ...anna, Gast_Vorname: 'Sanne' }] },
    ]);
    const ids = booked.map((f) => f.id);
    const all = { limit: 100, offset: 0 };
    const first = await client.list(meta().gemeinde, {}, all);
    expect(first.forms.map((f) => f.id)).toEqual(expect.arrayContaining(ids));
    // The index sync's next round: nothing changed, nothing is read in full.
    const since = { changed_since: new Date().toISOString() };
    sent = [];
    const quiet = await client.list(meta().gemeinde, since, all);
    expect(quiet.forms).toEqual([]);
    expect(quiet.paging).toMatchObject({ total: first.paging.total, next_offset: null });
    expect(sent).toHaveLength(1);
    // Another booking software cancels a form: the next round reads that one, and only it.
    const [row] = await query<{ id: number }>(
      t,
      sql`select id from meldescheine where replace(meldescheinnummer, '-', '') = ${booked[1]!.meldescheinnummer}`,
    );
    const elsewhere = await formsClient(t);
    expect((await elsewhere.cancel([row!.id])).status).toBe(200);
    sent = [];
    const changed = await client.list(meta().gemeinde, since, all);
    expect(changed.forms.map((f) => [f.id, f.state])).toEqual([[ids[1], 'cancelled']]);
    expect(sent).toHaveLength(2);
    expect((await client.list(meta().gemeinde, since, all)).forms).toEqual([]);
  });

  it('reads every listed form again after ten minutes, even with an unchanged list entry', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const client = await signedIn();
      const [form] = await client.book(meta(), [{ personen: [pieter] }]);
      const all = { limit: 100, offset: 0 };
      const since = { changed_since: new Date().toISOString() };
      await client.list(meta().gemeinde, {}, all);
      vi.advanceTimersByTime(9 * 60_000);
      expect((await client.list(meta().gemeinde, since, all)).forms).toEqual([]);
      vi.advanceTimersByTime(61_000);
      const again = await client.list(meta().gemeinde, since, all);
      expect(again.forms.map((f) => f.id)).toContain(form!.id);
    } finally {
      vi.useRealTimers();
    }
  });

  it('prints the guest card as a PDF (printed then), cancels, and refuses to print a cancelled form', async () => {
    const client = await signedIn();
    const [form] = await client.book(meta(), [{ personen: [pieter, anna] }]);
    const [card] = await client.guestCards(meta(), [form!.id]);
    expect(Buffer.from(card!.pdf.slice(0, 5)).toString()).toBe('%PDF-');
    expect(card!.karten).toBeUndefined();
    expect((await client.get(meta(), [form!.id]))[0]!.state).toBe('printed');
    expect(await client.cancel(meta(), [form!.id])).toEqual([form!.id]);
    expect((await overJson(form!)).state).toBe('cancelled');
    const err = await failure(client.guestCards(meta(), [form!.id]));
    expect(err).toMatchObject({ kind: 'conflict', code: 'not_printable' });
    const changed = await failure(
      client.update(meta(), { id: form!.id, input_id: null, personen: [] }),
    );
    expect(changed).toMatchObject({ kind: 'conflict', code: 'form_not_changeable' });
  });

  it('reads all or nothing: an unknown form is `not_found`; another landlord\u2019s too', async () => {
    const client = await signedIn();
    const [form] = await client.book(meta(), [{ personen: [pieter] }]);
    expect((await failure(client.get(meta(), [form!.id, 2000000001]))).kind).toBe('not_found');
    const jens = await signedIn('demo2');
    expect((await failure(jens.get(meta(), [form!.id]))).kind).not.toBe('invalid_response');
  });

  it('has no public card check (the portal says it is unavailable)', async () => {
    const client = await signedIn();
    expect((await failure(client.checkCard('x'))).kind).toBe('not_found');
  });
});
