// Forms booked, read and cancelled straight at the service, as a booking system does: test setup
// for the statement, and the service's own figures to compare the portal's with.
import type { APIRequestContext } from '@playwright/test';
import { BASE_URL } from './env';

const HEADERS = { 'Content-Type': 'application/json', 'User-Agent': 'meldeportal-e2e/1.0' };

interface Config {
  beherberger: { objekte: { id: number; alias: string; tarifzone: { gemeinde: number } }[] }[];
  gemeinden: { id: number; tarife: { id: number; alias: string }[] }[];
}

export interface ServiceForm {
  id: number;
  meldescheinnummer: string;
  state: string;
  verwendete_kurtaxe: number;
  travel_span: { uebernachtungen_sum: number };
  personen: { anzahl: number; tarif_id: number; kurtaxe_calc: number }[];
}

export interface GuestSpec {
  tarif: string;
  persons?: number;
}

const SEEBLICK_ADDRESS = {
  Gast_Strasse: 'Teststraße 1',
  Gast_Postleitzahl: '12345',
  Gast_Wohnort: 'Teststadt',
};

export class ServiceClient {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly auth: Record<string, string>,
    private readonly meta: { gemeinde: number; objekt: number },
    private readonly tarife: Map<string, number>,
  ) {}

  static async forObject(request: APIRequestContext, token: string, objekt: string) {
    const auth = { ...HEADERS, Authorization: `JWT ${token}` };
    const res = await request.get(`${BASE_URL}/api/users/get_current_user/`, { headers: auth });
    const config = (await res.json()) as Config;
    const o = config.beherberger.flatMap((b) => b.objekte).find((x) => x.alias === objekt);
    if (!o) throw new Error(`no object ${objekt}`);
    const g = config.gemeinden.find((x) => x.id === o.tarifzone.gemeinde)!;
    const meta = { gemeinde: g.id, objekt: o.id };
    return new ServiceClient(request, auth, meta, new Map(g.tarife.map((t) => [t.alias, t.id])));
  }

  private async post<T>(path: string, data: unknown): Promise<T> {
    const res = await this.request.post(`${BASE_URL}/api/import/meldeschein/${path}`, {
      headers: this.auth,
      data: { meta: this.meta, ...(data as object) },
    });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** `address`: the municipality's address fields (Seeblick's by default; Hohenwald has none). */
  async book(
    arrival: string,
    departure: string,
    guests: GuestSpec[],
    address: Record<string, string> = SEEBLICK_ADDRESS,
  ): Promise<ServiceForm> {
    const personen = guests.map((g, i) => ({
      tarif_id: this.tarife.get(g.tarif),
      gast_type: (g.persons ?? 1) > 1 ? 'gruppe' : 'person',
      anzahl: g.persons ?? 1,
      arrival_date: arrival,
      departure_date: departure,
      Gast_Vorname: `Gast${i}`,
      Gast_Name: 'Abrechnung',
      Gast_Geburtsdatum: '1975-01-01',
      ...address,
      Gast_Land: 'DE',
      Gast_Staatsangehoerigkeit: 'DE',
    }));
    const body = await this.post<{ meldescheine: ServiceForm[] }>('buchen/', {
      meldescheine: [{ personen }],
    });
    return body.meldescheine[0]!;
  }

  async get(ids: number[]): Promise<ServiceForm[]> {
    return (await this.post<{ response: ServiceForm[] }>('get/', { meldescheine: ids })).response;
  }

  /** The object's forms arriving between `from` and `to` (the service's list extension). */
  async arrivingBetween(from: string, to: string): Promise<ServiceForm[]> {
    const filter = { objekt: this.meta.objekt, arrival_from: from, arrival_to: to };
    return (await this.post<{ response: ServiceForm[] }>('list/', { filter })).response;
  }

  async cancel(ids: number[]): Promise<void> {
    await this.post('stornieren/', { meldescheine: ids });
  }
}
