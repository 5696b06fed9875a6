// The landlord's "new invitation" form, read and checked. Client-safe, pure.
import { isCalendarDate, berlinToday } from '@/lib/wire/time';

export const MAX_EXPECTED_GUESTS = 50;

export type InvitationError =
  'object' | 'date' | 'departureAfterArrival' | 'departurePast' | 'guests';

export type InvitationInput =
  | { ok: true; value: { objektId: number; arrival: string; departure: string; guests: number } }
  | { ok: false; error: InvitationError; echo: Record<string, string> };

export function readInvitationInput(
  data: { get(name: string): unknown },
  now: Date = new Date(),
): InvitationInput {
  const text = (name: string) => {
    const v = data.get(name);
    return typeof v === 'string' ? v.trim().slice(0, 20) : '';
  };
  const echo = {
    objekt: text('objektId'),
    anreise: text('arrival'),
    abreise: text('departure'),
    gaeste: text('guests'),
  };
  const fail = (error: InvitationError): InvitationInput => ({ ok: false, error, echo });
  const objektId = Number(echo.objekt);
  if (!Number.isInteger(objektId) || objektId <= 0) return fail('object');
  if (!isCalendarDate(echo.anreise) || !isCalendarDate(echo.abreise)) return fail('date');
  if (echo.abreise <= echo.anreise) return fail('departureAfterArrival');
  if (echo.abreise < berlinToday(now)) return fail('departurePast');
  const guests = Number(echo.gaeste);
  if (!/^\d+$/.test(echo.gaeste) || guests < 1 || guests > MAX_EXPECTED_GUESTS)
    return fail('guests');
  return { ok: true, value: { objektId, arrival: echo.anreise, departure: echo.abreise, guests } };
}
