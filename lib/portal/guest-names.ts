// A guest's name for lists and cards. Field names are defined per municipality, so the name is
// found by the usual column names (Gast_Vorname, Gast_Name, …) rather than fixed keys. Client-safe.
type GuestLike = { gast_type?: string; anzahl?: number } & Record<string, unknown>;

/** The usual column names of a guest's first and last name. */
export const FIRST = /(vorname|first_?name|given_?name)$/i;
export const LAST = /((^|_)name|nachname|last_?name|surname|family_?name)$/i;

export function guestName(guest: GuestLike): string | null {
  const keys = Object.keys(guest);
  const text = (key: string | undefined) => {
    const v = key ? guest[key] : undefined;
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const first = text(keys.find((k) => FIRST.test(k)));
  const last = text(keys.find((k) => LAST.test(k) && !FIRST.test(k)));
  const name = [first, last].filter(Boolean).join(' ');
  return name || null;
}

export function isGroup(guest: GuestLike): boolean {
  return guest.gast_type === 'gruppe' || (guest.anzahl ?? 1) > 1;
}
