// The account's configuration (`CurrentUserResponse`, the portal's shape) from AVS's configuration
// lists (getKonfigurationsListe, docs/avs.md): municipalities, landlords (firmaid), objects
// (objektid) with their Kurtaxe zones, beds and addresses, and per municipality its categories
// (tariffs) and guest fields. AVS's list of categories is its own; the others are the extensions
// this service answers (CONFIG-L-ORT, -FIRMA, -OBJEKT, -ADRESSE, -ZONE, -FELD).
import { createHash } from 'node:crypto';
import type { Konfigdatensatz } from '@/lib/wire/avs';
import { COMPANION_ADDRESS, TRAVELLER_COLUMNS } from '@/lib/wire/avs';
import {
  PERMISSIONS,
  type ConfigBeherberger,
  type ConfigGemeinde,
  type ConfigObjekt,
  type CurrentUserResponse,
  type MeldescheinField,
} from '@/lib/wire/config';
import { FIELD_DATA_TYPES, type FieldDataType } from '@/lib/wire/guest-rules';

/** Reads one configuration list (`CONFIG-L-<name>`) for a municipality (null: all of the account's). */
export type ListReader = (name: string, gemeinde: number | null) => Promise<Konfigdatensatz[]>;

// The lists carry no dates; the portal shows none of these.
const CREATED = '1970-01-01T00:00:00Z';

const ADDRESS_COLUMNS: ReadonlySet<string> = new Set(
  COMPANION_ADDRESS.map((e) => TRAVELLER_COLUMNS[e]),
);
const NAME_COLUMNS: ReadonlySet<string> = new Set([
  TRAVELLER_COLUMNS.name,
  TRAVELLER_COLUMNS.vorname,
]);

const dataType = (v: string | undefined): FieldDataType =>
  (FIELD_DATA_TYPES as readonly string[]).includes(v ?? '') ? (v as FieldDataType) : 'text';

/** CONFIG-L-FELD: `text3` is `data_type;required|optional|foreign;size`. */
function fieldOf(e: Konfigdatensatz, gemeinde: number, order: number): MeldescheinField {
  const [type, rule, size] = (e.text3 ?? '').split(';');
  return {
    id: e.id,
    created: CREATED,
    modified: null,
    alias: e.text2 ?? e.text1,
    gemeinde,
    column_name: e.text1,
    data_type: dataType(type),
    required: rule === 'required',
    required_foreign_only: rule === 'foreign',
    size: Number(size) || 0,
    transferable: ADDRESS_COLUMNS.has(e.text1),
    list_visible: NAME_COLUMNS.has(e.text1),
    priority: 'normal',
    view_order: order,
  };
}

/** The configuration of the account signed in as `login`, from the lists. */
export async function configFromLists(
  login: string,
  read: ListReader,
): Promise<CurrentUserResponse> {
  const [orte, firmen, objekte, adressen, zonen] = await Promise.all(
    ['ORT', 'FIRMA', 'OBJEKT', 'ADRESSE', 'ZONE'].map((n) => read(n, null)),
  );
  const perGemeinde = await Promise.all(
    orte!.map(async (o) => {
      const [kat, feld] = await Promise.all([read('KAT', o.id), read('FELD', o.id)]);
      return { id: o.id, kat: kat!, feld: feld! };
    }),
  );
  const zoneById = new Map(zonen!.map((z) => [z.id, z]));
  const addressById = new Map(adressen!.map((a) => [a.id, a]));
  const firmaById = new Map(firmen!.map((f) => [f.id, f]));
  const summary = (id: number, gemeinde: number) => {
    const f = firmaById.get(id);
    return {
      id,
      firma: f?.text1 ?? null,
      vorname: null,
      nachname: null,
      comment: null,
      debitor_nr: null,
      alias: f?.text2 ?? f?.text1 ?? String(id),
      ansprechpartner: null,
      gemeinde_id: gemeinde,
    };
  };
  const objects: ConfigObjekt[] = objekte!.map((o) => {
    const [g, zone, beds] = (o.text3 ?? '').split(';').map(Number);
    const gemeinde = g ?? 0;
    const z = zoneById.get(zone ?? 0);
    const a = addressById.get(o.id);
    const firma = Number(o.text2);
    return {
      id: o.id,
      tarifzone_id: zone ?? 0,
      ortsteil_id: null,
      beherberger_id: firma,
      tarifzone: {
        id: zone ?? 0,
        created: CREATED,
        modified: null,
        alias: z?.text1 ?? '',
        gemeinde,
      },
      ortsteil: null,
      beherberger: summary(firma, gemeinde),
      created: CREATED,
      modified: null,
      anzahl_betten: beds ?? 0,
      alias: o.text1,
      strasse: a?.text1 || null,
      plz: a?.text2 || null,
      ort: a?.text3 || null,
      gemeinde,
    };
  });
  const beherberger: ConfigBeherberger[] = firmen!.map((f) => {
    const own = objects.filter((o) => o.beherberger_id === f.id);
    return {
      id: f.id,
      objekte: own,
      alias: f.text2 ?? f.text1,
      created: CREATED,
      modified: null,
      is_active: true,
      firma: f.text1,
      anrede: null,
      vorname: null,
      nachname: null,
      strasse: null,
      plz: null,
      ort: null,
      telefon: null,
      email: null,
      allow_logins: true,
      create_invoices: false,
      custom_1: null,
      custom_2: null,
      custom_3: null,
      custom_4: null,
      debitor_nr: null,
      vermieter_nr: null,
      comment: null,
      gemeinde: own[0]?.gemeinde ?? orte![0]?.id ?? 0,
    };
  });
  const gemeinden: ConfigGemeinde[] = orte!.map((o) => {
    const lists = perGemeinde.find((p) => p.id === o.id)!;
    return {
      id: o.id,
      ortsteile: [],
      unterkunftsarten: [],
      tarifzonen: zonen!
        .filter((z) => Number(z.text2) === o.id)
        .map((z) => ({
          id: z.id,
          created: CREATED,
          modified: null,
          alias: z.text1,
          gemeinde: o.id,
        })),
      saisonzeiten: [],
      tarife: lists.kat.map((k, i) => ({
        id: k.id,
        created: CREATED,
        modified: null,
        alias: k.text1,
        gemeinde: o.id,
        full_alias: k.text3 ?? k.text1,
        is_active: true,
        tarif_code: k.text2 ?? '',
        allow_beherberger: true,
        print_kurkarte: true,
        default_selected: i === 0,
      })),
      meldeschein_fields: lists.feld.map((f, i) => fieldOf(f, o.id, i)),
      created: CREATED,
      modified: null,
      alias: o.text1,
      using_paper: false,
      using_ems: true,
      datatable_name: null,
    };
  });
  return {
    user: {
      id: 0,
      username: login,
      first_name: '',
      last_name: '',
      email: null,
      is_active: true,
      user_type: 'beherberger',
      alias: firmen![0]?.text1 ?? login,
      last_login: null,
    },
    beherberger,
    gemeinden,
    created: CREATED,
    modified: null,
    permissions: [...PERMISSIONS],
  };
}

/** A tag of a configuration: the same lists give the same tag. */
export const configTag = (config: CurrentUserResponse) =>
  `"avs-${createHash('sha256').update(JSON.stringify(config)).digest('base64url').slice(0, 27)}"`;
