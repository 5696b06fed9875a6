// Views of the configuration call (`users/get_current_user/`) the pages need. Client-safe.
import type {
  ConfigGemeinde,
  CurrentUserResponse,
  MeldescheinField,
  Permission,
  Tarif,
} from '@/lib/wire/config';
import type { CallMeta } from '../api/client';

export interface ObjectView {
  id: number;
  alias: string;
  address: string;
  beds: number;
  zone: string;
  gemeindeId: number;
  gemeinde: string;
  landlord: string;
}

/** What the guest form needs of a municipality (sent to the browser: no secrets, no tokens). */
export interface GemeindeFormConfig {
  id: number;
  alias: string;
  fields: MeldescheinField[];
  tarife: Tarif[];
}

export function address(o: {
  strasse: string | null;
  plz: string | null;
  ort: string | null;
}): string {
  const place = [o.plz, o.ort].filter(Boolean).join(' ');
  return [o.strasse, place].filter(Boolean).join(', ');
}

/** An object as a choice: its name, and its address where it has one. */
export function objectLabel(o: { alias: string; address: string }): string {
  return o.address ? `${o.alias} (${o.address})` : o.alias;
}

export function objectsOf(config: CurrentUserResponse): ObjectView[] {
  const names = new Map(config.gemeinden.map((g) => [g.id, g.alias]));
  return config.beherberger.flatMap((b) =>
    b.objekte.map((o) => {
      // The zone's municipality is the spec's own link (2.6); `objekt.gemeinde` is our extension.
      const gemeindeId = o.tarifzone.gemeinde;
      return {
        id: o.id,
        alias: o.alias,
        address: address(o),
        beds: o.anzahl_betten,
        zone: o.tarifzone.alias,
        gemeindeId,
        gemeinde: names.get(gemeindeId) ?? String(gemeindeId),
        landlord: b.alias,
      };
    }),
  );
}

export function gemeindeById(config: CurrentUserResponse, id: number): ConfigGemeinde | undefined {
  return config.gemeinden.find((g) => g.id === id);
}

/** Municipalities that have at least one of the user's objects, in config order. */
export function gemeindenWithObjects(config: CurrentUserResponse): ConfigGemeinde[] {
  const used = new Set(objectsOf(config).map((o) => o.gemeindeId));
  return config.gemeinden.filter((g) => used.has(g.id));
}

/** Tariffs a landlord may choose: active and allowed for landlords. */
export function selectableTarife(g: ConfigGemeinde): Tarif[] {
  return g.tarife.filter((t) => t.is_active && t.allow_beherberger);
}

export function formConfigOf(g: ConfigGemeinde): GemeindeFormConfig {
  return {
    id: g.id,
    alias: g.alias,
    fields: [...g.meldeschein_fields].sort((a, b) => a.view_order - b.view_order || a.id - b.id),
    tarife: selectableTarife(g),
  };
}

/** `get/` and friends need an object of the municipality in `meta`; any of the user's will do. */
export function metaForGemeinde(config: CurrentUserResponse, gemeindeId: number): CallMeta | null {
  const o = objectsOf(config).find((x) => x.gemeindeId === gemeindeId);
  return o ? { gemeinde: gemeindeId, objekt: o.id } : null;
}

export function can(config: CurrentUserResponse, permission: Permission): boolean {
  return config.permissions.includes(permission);
}
