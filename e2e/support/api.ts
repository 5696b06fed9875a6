// The service's API as a booking system uses it: for test setup and for the JWT-leak test.
import type { APIRequestContext } from '@playwright/test';
import { BASE_URL } from './env';

const HEADERS = { 'Content-Type': 'application/json', 'User-Agent': 'meldeportal-e2e/1.0' };

export async function serviceToken(
  request: APIRequestContext,
  username: string,
  password = username,
): Promise<string> {
  const res = await request.post(`${BASE_URL}/api/token/`, {
    headers: HEADERS,
    data: { username, password },
  });
  if (!res.ok()) throw new Error(`token for ${username}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

interface ConfigObjekt {
  id: number;
  alias: string;
  tarifzone: { gemeinde: number };
}
interface Config {
  beherberger: { objekte: ConfigObjekt[] }[];
  gemeinden: { id: number; tarife: { id: number; default_selected: boolean }[] }[];
}

export interface BookedForm {
  id: number;
  meldescheinnummer: string;
}

/** Books one form with one adult guest directly at the service; returns its id. */
export async function bookViaApi(
  request: APIRequestContext,
  token: string,
  opts: {
    objekt: string;
    arrival: string;
    departure: string;
    firstName?: string;
    lastName?: string;
  },
): Promise<BookedForm> {
  const auth = { ...HEADERS, Authorization: `JWT ${token}` };
  const config = (await (
    await request.get(`${BASE_URL}/api/users/get_current_user/`, { headers: auth })
  ).json()) as Config;
  const objekt = config.beherberger.flatMap((b) => b.objekte).find((o) => o.alias === opts.objekt);
  if (!objekt) throw new Error(`no object ${opts.objekt}`);
  const gemeinde = config.gemeinden.find((g) => g.id === objekt.tarifzone.gemeinde)!;
  const tarif = gemeinde.tarife.find((t) => t.default_selected) ?? gemeinde.tarife[0]!;
  const res = await request.post(`${BASE_URL}/api/import/meldeschein/buchen/`, {
    headers: auth,
    data: {
      meta: { gemeinde: gemeinde.id, objekt: objekt.id },
      meldescheine: [
        {
          personen: [
            {
              tarif_id: tarif.id,
              gast_type: 'person',
              arrival_date: opts.arrival,
              departure_date: opts.departure,
              Gast_Vorname: opts.firstName ?? 'Test',
              Gast_Name: opts.lastName ?? 'Gast',
              Gast_Geburtsdatum: '1975-01-01',
              Gast_Strasse: 'Teststraße 1',
              Gast_Postleitzahl: '12345',
              Gast_Wohnort: 'Teststadt',
              Gast_Land: 'DE',
            },
          ],
        },
      ],
    },
  });
  if (!res.ok()) throw new Error(`buchen: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { meldescheine: BookedForm[] };
  return body.meldescheine[0]!;
}
