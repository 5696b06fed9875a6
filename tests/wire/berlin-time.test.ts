// Every date and time of the portal in Europe/Berlin goes through the zone: a fixed +01:00 was an
// hour off in summer (invitation expiry, purge, Google Wallet validity).
import { describe, expect, it } from 'vitest';
import { invitationExpiry, purgeAfter } from '@/lib/portal/checkin/rules';
import { genericObject } from '@/lib/portal/wallet/google/object';
import { berlinInstant } from '@/lib/wire/time';
import type { KarteInfo } from '@/lib/wire/kurkarte';

describe('berlinInstant', () => {
  it('reads winter dates at +01:00 and summer dates at +02:00', () => {
    expect(berlinInstant('2026-01-14').toISOString()).toBe('2026-01-13T23:00:00.000Z');
    expect(berlinInstant('2026-07-14').toISOString()).toBe('2026-07-13T22:00:00.000Z');
    expect(berlinInstant('2026-07-14', '23:59:59').toISOString()).toBe('2026-07-14T21:59:59.000Z');
  });

  it('handles the days the clocks change', () => {
    // 29 March 2026: 02:00 -> 03:00; 25 October 2026: 03:00 -> 02:00.
    expect(berlinInstant('2026-03-29', '01:30:00').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(berlinInstant('2026-03-29', '04:00:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(berlinInstant('2026-10-25', '12:00:00').toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });
});

describe('invitation expiry and purge', () => {
  it('end at Berlin midnight in July as in January', () => {
    expect(invitationExpiry('2026-07-20').toISOString()).toBe('2026-07-20T22:00:00.000Z');
    expect(invitationExpiry('2026-01-20').toISOString()).toBe('2026-01-20T23:00:00.000Z');
    expect(purgeAfter('2026-07-20').toISOString()).toBe('2026-07-27T22:00:00.000Z');
  });
});

describe('Google Wallet validity', () => {
  it('carries the summer offset for a July stay', () => {
    const karte = {
      gemeinde: 'Ostseebad',
      kartennummer: 'K-1',
      qr: 'x',
      gueltig_von: '2026-07-14',
      gueltig_bis: '2026-07-20',
    } as unknown as KarteInfo;
    const object = genericObject('3388', 'serial', karte, false) as {
      validTimeInterval?: { start: { date: string }; end: { date: string } };
    };
    expect(object.validTimeInterval?.start.date).toBe('2026-07-14T00:00:00+02:00');
    expect(object.validTimeInterval?.end.date).toBe('2026-07-20T23:59:59+02:00');
  });
});
