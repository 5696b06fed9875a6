// A guest's name and kind for lists and pages, by the rules the service's guest cards follow
// (lib/wire/guest-rules.ts). Client-safe.
import { guestDisplayName, isGroupGuest } from '@/lib/wire/guest-rules';

type GuestLike = { gast_type?: string; anzahl?: number } & Record<string, unknown>;

export function guestName(guest: GuestLike): string | null {
  return guestDisplayName(guest);
}

export function isGroup(guest: GuestLike): boolean {
  return isGroupGuest(guest.gast_type, guest.anzahl);
}
