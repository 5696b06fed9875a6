// What the guest's check-in tests share: an object's snapshot as an invitation carries it, and a
// phone's cookie jar as Next's `cookies()` store holds it.
import type { GuestCookies } from '@/lib/portal/checkin/guest-session';
import type { CheckinSnapshot } from '@/lib/portal/checkin/snapshot';
import { field } from './fixtures';

export const snapshot: CheckinSnapshot = {
  objekt: { id: 7, alias: 'Möwennest', address: 'Strandweg 3, 18999 Seeblick', beds: 4 },
  gemeinde: {
    id: 1,
    alias: 'Ostseebad Seeblick',
    tarife: [
      {
        id: 1,
        alias: 'Erwachsene',
        full_alias: 'Erwachsene',
      } as CheckinSnapshot['gemeinde']['tarife'][number],
    ],
    fields: ['Gast_Vorname', 'Gast_Wohnort'].map((name) => field(name, 'text', true, 60)),
  },
};

/** A phone's cookie jar. */
export function phone(): GuestCookies & { jar: Map<string, string> } {
  const jar = new Map<string, string>();
  return {
    jar,
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (...args: [string, string, object?] | [{ name: string; value: string }]) => {
      const [first, value] = args;
      if (typeof first === 'string') jar.set(first, value ?? '');
      else jar.set(first.name, first.value);
    },
  };
}
