// What every bench phase needs: the demo account's token, its configuration and a booking body.

export const HEADERS = {
  'content-type': 'application/json',
  'user-agent': 'meldeportal-bench/1.0',
};

export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ username: 'demo', password: 'demo' }),
  });
  return ((await res.json()) as { token: string }).token;
}

interface Config {
  gemeinden: { id: number; alias: string; tarife: { id: number; tarif_code: string }[] }[];
  beherberger: { objekte: { id: number; alias: string }[] }[];
}

export async function metaOf(url: string, token: string) {
  const res = await fetch(`${url}/api/users/get_current_user/`, {
    headers: { ...HEADERS, authorization: `JWT ${token}` },
  });
  const cfg = (await res.json()) as Config;
  const gemeinde = cfg.gemeinden.find((g) => g.alias === 'Ostseebad Seeblick')!;
  const objekt = cfg.beherberger.flatMap((b) => b.objekte).find((o) => o.alias === 'Möwennest')!;
  const tarif = (code: string) => gemeinde.tarife.find((t) => t.tarif_code === code)!.id;
  return {
    meta: { gemeinde: gemeinde.id, objekt: objekt.id },
    erw: tarif('ERW'),
    kind: tarif('KIND'),
  };
}

/** A guest with every field the demo municipality Seeblick requires, staying next July. */
export function guest(tarif: number, vorname: string) {
  const y = new Date().getFullYear() + 1;
  return {
    tarif_id: tarif,
    gast_type: 'person',
    arrival_date: `${y}-07-14`,
    departure_date: `${y}-07-17`,
    Gast_Vorname: vorname,
    Gast_Name: 'Mustermann',
    Gast_Geburtsdatum: '1985-03-09',
    Gast_Strasse: 'Lindenallee 5',
    Gast_Postleitzahl: '10115',
    Gast_Wohnort: 'Berlin',
    Gast_Land: 'DE',
  };
}

export function bookingBody(m: Awaited<ReturnType<typeof metaOf>>): string {
  return JSON.stringify({
    meta: m.meta,
    meldescheine: [{ ms_type: 'ems', personen: [guest(m.erw, 'Erika'), guest(m.kind, 'Max')] }],
  });
}

/**
 * Books a Dutch couple arriving today for three nights (dates in Europe/Berlin, as the service
 * counts them): a stay on its arrival day, whose page shows the arrival panel with two foreign
 * guests to confirm (issue 31). Returns the form's id.
 */
export async function bookArrivingToday(
  url: string,
  token: string,
  today: string,
  departure: string,
): Promise<number> {
  const m = await metaOf(url, token);
  const dutch = (vorname: string, geburt: string, ausweis: string) => ({
    ...guest(m.erw, vorname),
    arrival_date: today,
    departure_date: departure,
    Gast_Name: 'de Vries',
    Gast_Geburtsdatum: geburt,
    Gast_Strasse: 'Keizersgracht 12',
    Gast_Postleitzahl: '1015 CS',
    Gast_Wohnort: 'Amsterdam',
    Gast_Land: 'NL',
    Gast_Staatsangehoerigkeit: 'NL',
    Gast_Ausweisnummer: ausweis,
  });
  const res = await fetch(`${url}/api/import/meldeschein/buchen/`, {
    method: 'POST',
    headers: { ...HEADERS, authorization: `JWT ${token}` },
    body: JSON.stringify({
      meta: m.meta,
      meldescheine: [
        {
          ms_type: 'ems',
          personen: [
            dutch('Daan', '1984-03-12', 'NXC4R8T21'),
            dutch('Fenna', '1986-07-01', 'NKR5T3P07'),
          ],
        },
      ],
    }),
  });
  if (!res.ok) throw new Error(`buchen: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { meldescheine: { id: number }[] }).meldescheine[0]!.id;
}
