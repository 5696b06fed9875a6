// A booking whose answer never arrives (issue 11): the service booked it, the portal saw a network
// error, and the retry with the same requestId is refused as a duplicate. The 409 names the booked
// form, and the portal reads it instead of showing an error. Against the in-process service.
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/portal/api/client';
import { lostBooking } from '@/lib/portal/stays/form-actions';
import { BookForm } from '@/lib/wire/meldeschein';
import { useTestDb } from '../helpers/db';
import { formsClient, person, type FormsClient } from '../service/meldeschein-fixtures';
import { inProcessSession } from './in-process-service';

const t = useTestDb();
let anna: FormsClient;

beforeAll(async () => {
  anna = await formsClient(t);
});

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('a lost booking answer', () => {
  it('is found through the forms the duplicate refusal names', async () => {
    let lose = true;
    const session = inProcessSession(t, 'demo', anna.token, {
      // The first booking reaches the service and is booked; its answer is lost on the way back.
      intercept: async (request, pass) => {
        const answer = await pass();
        if (lose && request.url.endsWith('/buchen/')) {
          lose = false;
          throw new TypeError('fetch failed');
        }
        return answer;
      },
    });
    const meta = { ...anna.meta, requestId: 'lost-1', idempotent: true };
    const form = BookForm.parse({ personen: [person({ Gast_Vorname: 'Verloren' })] });

    const lost = await refusal(session.api.book(meta, [form]));
    expect(lost.kind).toBe('unavailable');
    expect(await lostBooking(lost, session, meta)).toBeNull();

    const retry = await refusal(session.api.book(meta, [form]));
    expect(retry).toMatchObject({ code: 'duplicate_request', status: 409 });
    expect(retry.forms).toHaveLength(1);
    const found = await lostBooking(retry, session, meta);
    expect(found?.map((f) => f.id)).toEqual(retry.forms);
    expect(found?.[0]?.personen[0]?.Gast_Vorname).toBe('Verloren');
  });

  it('leaves other refusals to the error message', async () => {
    const session = inProcessSession(t, 'demo', anna.token);
    const meta = { ...anna.meta, requestId: 'read-twice', idempotent: true };
    const booked = await anna.bookOk([person()]);
    await session.api.get(meta, [booked.id]);
    // A repeated read created no form: nothing to show instead of the error.
    const again = await refusal(session.api.get(meta, [booked.id]));
    expect(again.code).toBe('duplicate_request');
    expect(await lostBooking(again, session, meta)).toBeNull();
  });
});
