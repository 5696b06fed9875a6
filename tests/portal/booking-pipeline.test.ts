// The one booking pipeline (issue 18) as the check-in review's action runs it: the signed-in
// landlord's session cookie, the real service in-process behind the portal's fetch, a guest's
// check-in in the database. The review once sent its update without a request id and had no
// recovery when the booking's answer was lost on the way back.
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookCheckin } from '@/app/(portal)/(app)/online-check-in/pruefen/[id]/actions';
import { createServiceHandler } from '@/lib/service';
import { snapshotOf } from '@/lib/portal/checkin/landlord';
import { createInvitation, findLink } from '@/lib/portal/checkin/links';
import { findSubmission, saveSubmission } from '@/lib/portal/checkin/submissions';
import { authSecret, sessionCookieName } from '@/lib/portal/session/auth';
import type { Owner } from '@/lib/portal/session/session';
import { findForm } from '@/lib/portal/stays/forms-index';
import { findPlannedStay } from '@/lib/portal/stays/planned';
import { plannedStayForInvitation } from '@/lib/portal/stays/planned-forms';
import { HttpClient } from '@/lib/portal/api/http';
import { useTestDb } from '../helpers/db';
import { formsClient, person, Y, type FormsClient } from '../service/meldeschein-fixtures';

const SERVICE = 'http://service.test/api/';
let cookieValue: string | undefined;
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) =>
      name === sessionCookieName() && cookieValue ? { name, value: cookieValue } : undefined,
    getAll: () => (cookieValue ? [{ name: sessionCookieName(), value: cookieValue }] : []),
  }),
}));

const t = useTestDb();
let anna: FormsClient;
const owner: Owner = { serviceUrl: SERVICE, username: 'demo' };

/** What the portal sent to the service, and a switch that loses the next answer of a path. */
const sent: { path: string; body: { meta?: { requestId?: string } } }[] = [];
let loseNext: string | null = null;

beforeAll(async () => {
  anna = await formsClient(t);
  cookieValue = await encode({
    token: { sid: 'pipeline', username: 'demo', credential: anna.token, serviceUrl: SERVICE },
    secret: authSecret(),
  });
  const handler = createServiceHandler({ db: async () => t.db });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (request.method === 'POST') sent.push({ path, body: await request.clone().json() });
    const answer = await handler(request, { clientAddress: '127.0.0.1' });
    if (loseNext && path.endsWith(loseNext)) {
      loseNext = null;
      throw new TypeError('fetch failed');
    }
    return answer;
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const arrival = `${Y}-08-03`;
const departure = `${Y}-08-06`;
// The portal asks every guest's nationality (it decides the BMG form, decision 028).
const guest = person({
  arrival_date: arrival,
  departure_date: departure,
  Gast_Staatsangehoerigkeit: 'DE',
});

/** A guest's check-in for an invitation of the demo object, as the guest's phone saves it. */
async function checkin(formId?: number) {
  const config = await new HttpClient(SERVICE, anna.token).currentUser();
  const snapshot = snapshotOf(config, anna.meta.objekt)!;
  const planned = await plannedStayForInvitation(owner, {
    gemeindeId: anna.meta.gemeinde,
    objektId: anna.meta.objekt,
    arrival,
    departure,
    formId,
  });
  const link = await createInvitation(owner, {
    snapshot,
    arrival,
    departure,
    expectedGuests: 2,
    formId,
    plannedStayId: planned.id,
  });
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(guest)) if (k.startsWith('Gast_')) fields[k] = String(v);
  const saved = await saveSubmission({
    link,
    arrival,
    departure,
    guests: [{ tarifId: '1', fields }],
    lang: 'de',
    clientAddress: '192.0.2.1',
  });
  if (!saved.ok) throw new Error(saved.reason);
  return { id: saved.id, link, planned };
}

/** The review page's post: the guest's data as the landlord confirms it, with the page's id. */
function reviewPost(requestId: string, firstName: string, guestId = ''): FormData {
  const data = new FormData();
  const entries: [string, string][] = [
    ['objektId', String(anna.meta.objekt)],
    ['arrival', arrival],
    ['departure', departure],
    ['requestId', requestId],
    ['intent', 'submit'],
    ['guests.0.id', guestId],
    ['guests.0.type', 'person'],
    ['guests.0.anzahl', '1'],
    ['guests.0.tarifId', '1'],
    ['guests.0.arrival', arrival],
    ['guests.0.departure', departure],
  ];
  for (const [k, v] of Object.entries(guest)) {
    if (k.startsWith('Gast_')) entries.push([`guests.0.fields.${k}`, String(v)]);
  }
  entries.push(['guests.0.fields.Gast_Vorname', firstName]);
  for (const [k, v] of entries) data.set(k, v);
  return data;
}

/** Runs the action; its redirect is the answer (a state means it stayed on the page). */
async function run(checkinId: string, data: FormData): Promise<string> {
  try {
    const state = await bookCheckin(
      checkinId,
      { status: 'idle', values: undefined!, nonce: 0 },
      data,
    );
    return `state:${state.status}:${state.message ?? ''}`;
  } catch (err) {
    const digest = (err as { digest?: string }).digest ?? '';
    if (!digest.startsWith('NEXT_REDIRECT')) throw err;
    return digest.split(';')[2]!;
  }
}

describe("the check-in review's booking", () => {
  it('finds the form whose booking answer was lost, and links the planned stay', async () => {
    const { id, planned } = await checkin();
    loseNext = '/buchen/';
    const first = await run(id, reviewPost('review-lost-1', 'Verloren'));
    expect(first).toMatch(/^state:error:/);
    const booking = sent.filter((s) => s.path.endsWith('/buchen/'));
    expect(booking.at(-1)?.body.meta?.requestId).toBe('review-lost-1');

    // The landlord presses "book" again on the same page: the form booked the first time is shown.
    const again = await run(id, reviewPost('review-lost-1', 'Verloren'));
    const m = /^\/aufenthalte\/(\d+)\?gebucht=1$/.exec(again);
    expect(m, again).not.toBeNull();
    const formId = Number(m![1]);
    expect((await findForm(owner, formId))?.firstGuestName).toContain('Verloren');
    expect(await findSubmission(owner, id)).toBeUndefined();
    expect(await findPlannedStay(owner, planned.id)).toMatchObject({ state: 'booked', formId });
  });

  it("sends the page's request id with an update, and takes a lost answer as done", async () => {
    const booked = await anna.bookOk([guest]);
    const guestId = String(booked.personen[0]!.id);
    const { id, link, planned } = await checkin(booked.id);
    loseNext = '/aktualisieren/';
    const first = await run(id, reviewPost('review-upd-1', 'Geändert', guestId));
    expect(first).toMatch(/^state:error:/);
    const update = sent.filter((s) => s.path.endsWith('/aktualisieren/'));
    expect(update.at(-1)?.body.meta?.requestId).toBe('review-upd-1');

    const again = await run(id, reviewPost('review-upd-1', 'Geändert', guestId));
    expect(again).toBe(`/aufenthalte/${booked.id}?gebucht=1`);
    expect((await findForm(owner, booked.id))?.firstGuestName).toContain('Geändert');
    expect((await findLink(owner, link.id))?.closedAt).not.toBeNull();
    expect(await findPlannedStay(owner, planned.id)).toMatchObject({
      state: 'booked',
      formId: booked.id,
    });
  });
});
