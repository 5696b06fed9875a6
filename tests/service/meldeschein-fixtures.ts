// Shared helpers for the registration-form tests: a logged-in client per demo account, guests that
// satisfy the demo municipality's required fields, and dates relative to today.
import { sql } from 'drizzle-orm';
import { berlinToday } from '@/lib/wire/time';
import { dateOf, dayNumber } from '@/lib/service/meldescheine/days';
import type { BookedForm, FormResponse } from '@/lib/wire/meldeschein';
import { apiClient, type CallOptions, type CallResult } from '../helpers/api';
import type { TestDb } from '../helpers/db';

/** Next year: the demo seasons cover this year and next, so every night has a season. */
export const Y = new Date().getFullYear() + 1;
export const today = () => berlinToday();
export const daysFromToday = (n: number) => dateOf(dayNumber(berlinToday()) + n);

export type Body = Record<string, unknown>;
export type Guest = Record<string, unknown>;

/** An individual guest with every field Seeblick requires. */
export function person(overrides: Guest = {}): Guest {
  return {
    tarif_id: 1,
    gast_type: 'person',
    arrival_date: `${Y}-07-14`,
    departure_date: `${Y}-07-17`,
    Gast_Vorname: 'Erika',
    Gast_Name: 'Mustermann',
    Gast_Geburtsdatum: '1985-03-09',
    Gast_Strasse: 'Lindenallee 5',
    Gast_Postleitzahl: '10115',
    Gast_Wohnort: 'Berlin',
    Gast_Land: 'DE',
    ...overrides,
  };
}

export function group(anzahl: number, overrides: Guest = {}): Guest {
  return {
    tarif_id: 1,
    gast_type: 'gruppe',
    anzahl,
    arrival_date: `${Y}-07-14`,
    departure_date: `${Y}-07-17`,
    ...overrides,
  };
}

export interface FormsClient {
  api: ReturnType<typeof apiClient>;
  token: string;
  meta: { gemeinde: number; objekt: number };
  post<T = Body>(path: string, body: unknown, o?: CallOptions): Promise<CallResult<T>>;
  book(guests: Guest[], extra?: Body, metaExtra?: Body): Promise<CallResult<BookResult>>;
  bookOk(guests: Guest[], extra?: Body): Promise<FormResponse>;
  get(ids: number[], metaExtra?: Body): Promise<CallResult<GetResult>>;
  update(form: Body, metaExtra?: Body): Promise<CallResult<UpdateResult>>;
  cancel(ids: number[], metaExtra?: Body): Promise<CallResult<Body>>;
}

export interface BookResult {
  meldescheine: BookedForm[];
  meta: Body;
  status: string;
  error?: ErrorInfo;
}
export interface GetResult {
  response: FormResponse[];
  meta: Body;
  error?: ErrorInfo;
}
export interface UpdateResult {
  response: { meldescheine: FormResponse[] };
  status: string;
  error?: ErrorInfo;
}
export interface ErrorInfo {
  code: string;
  message: string;
  details: { path: string; code: string; message: string; params?: Record<string, unknown> }[];
}

/** A client for one demo account acting in one object (default: demo in Möwennest, Seeblick). */
export async function formsClient(
  t: TestDb,
  username = 'demo',
  meta?: { gemeinde: number; objekt: number },
): Promise<FormsClient> {
  const api = apiClient(t);
  const token = await api.login(username);
  const m = meta ?? { gemeinde: t.demo.gemeinden.seeblick.id, objekt: t.demo.objekte.moeweA };
  const post = <T = Body>(path: string, body: unknown, o: CallOptions = {}) =>
    api.post<T>(`import/meldeschein/${path}`, body, { token, ...o });
  const client: FormsClient = {
    api,
    token,
    meta: m,
    post,
    book: (guests, extra = {}, metaExtra = {}) =>
      post<BookResult>('buchen/', {
        meta: { ...m, ...metaExtra },
        meldescheine: [{ ms_type: 'ems', personen: guests }],
        ...extra,
      }),
    async bookOk(guests, extra = {}) {
      const res = await client.book(guests, extra);
      if (res.status !== 200) throw new Error(`booking failed: ${res.status} ${res.text}`);
      // Each entry holds the form flat and again under `meldeschein` (DECISIONS 2.10).
      const { meldeschein, ...form } = res.json.meldescheine[0]!;
      if (JSON.stringify(meldeschein) !== JSON.stringify(form)) {
        throw new Error('the booked form under `meldeschein` differs from the flat one');
      }
      return form;
    },
    get: (ids, metaExtra = {}) =>
      post<GetResult>('get/', { meta: { ...m, ...metaExtra }, meldescheine: ids }),
    update: (form, metaExtra = {}) =>
      post<UpdateResult>('aktualisieren/', { meta: { ...m, ...metaExtra }, meldescheine: [form] }),
    cancel: (ids, metaExtra = {}) =>
      post('stornieren/', { meta: { ...m, ...metaExtra }, meldescheine: ids }),
  };
  return client;
}

/** Rows of a table for a form, straight from the database. */
export async function count(t: TestDb, table: 'meldescheine' | 'personen' | 'personen_history') {
  const r = await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

export async function query<T>(t: TestDb, q: ReturnType<typeof sql>): Promise<T[]> {
  const r = await t.db.execute(q);
  return (r as unknown as { rows: T[] }).rows;
}

/** Paths named by an error response. */
export const paths = (res: CallResult<{ error?: ErrorInfo }>) =>
  (res.json.error?.details ?? []).map((d) => d.path);

/** Tariff id by municipality and code, from the database. */
export async function tarif(t: TestDb, gemeindeId: number, code: string): Promise<number> {
  const rows = await query<{ id: number }>(
    t,
    sql`select id from tarife where gemeinde_id = ${gemeindeId} and tarif_code = ${code}`,
  );
  if (!rows[0]) throw new Error(`no tariff ${code} in ${gemeindeId}`);
  return rows[0].id;
}
