// get-pdf and append_pdf: print-ready cards (a page per guest), each call one logged print that
// moves a draft to printed; all-or-nothing for unknown or foreign ids; cancelled forms refused.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { printLog } from '@/lib/db/schema';
import { createUser } from '@/lib/service/provisioning';
import { GetPdfResponse } from '@/lib/wire/kurkarte';
import { BuchenResponse } from '@/lib/wire/meldeschein';
import { readBack } from '../kurkarte/pdf-tools';
import { useTestDb } from '../helpers/db';
import { count, daysFromToday, formsClient, group, person } from './meldeschein-fixtures';

const t = useTestDb();

async function prints(formId: number) {
  return t.db.select().from(printLog).where(eq(printLog.meldescheinId, formId));
}

const pdfOf = (b64: string) => new Uint8Array(Buffer.from(b64, 'base64'));

describe('POST import/meldeschein/get-pdf/', () => {
  it('answers one PDF per form with a page per guest, logs the print and moves the form to printed', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([
      person({ Gast_Vorname: 'Łukasz', Gast_Name: 'Żółć' }),
      person({ Gast_Vorname: 'Γιώργος', Gast_Name: 'Παπαδόπουλος' }),
      group(4),
    ]);
    expect(form.state).toBe('draft');
    const res = await c.post('get-pdf/', { meta: c.meta, meldescheine: [form.id] });
    expect(res.status).toBe(200);
    const body = GetPdfResponse.parse(res.json);
    expect(body.response).toHaveLength(1);
    expect(body.response[0]).toMatchObject({ id: form.id, encoding: 'base64' });
    const pdf = readBack(pdfOf(body.response[0]!.pdf));
    expect(pdf.pages).toBe(3);
    expect(pdf.text[0]).toContain('Łukasz Żółć');
    expect(pdf.text[0]).toContain(`${form.meldescheinnummer}-1`);
    expect(pdf.text[1]).toContain('Γιώργος Παπαδόπουλος');
    expect(pdf.text[2]).toContain('4 Personen');
    expect(pdf.text[2]).toContain(`${form.meldescheinnummer}-3`);

    expect(await prints(form.id)).toEqual([expect.objectContaining({ via: 'get-pdf', userId: 1 })]);
    const after = await c.get([form.id]);
    expect(after.json.response[0]).toMatchObject({ state: 'printed', state_display: 'gedruckt' });

    // A reprint is one more logged print.
    await c.post('get-pdf/', { meta: c.meta, meldescheine: [form.id] });
    expect(await prints(form.id)).toHaveLength(2);
  });

  it('is all-or-nothing: an unknown or foreign id is 404 and nothing is printed', async () => {
    const c = await formsClient(t);
    const mine = await c.bookOk([person()]);
    const other = await formsClient(t, 'demo2', {
      gemeinde: t.demo.gemeinden.seeblick.id,
      objekt: t.demo.objekte.seeblickObjekt,
    });
    const theirs = await other.bookOk([person()]);
    for (const ids of [
      [mine.id, theirs.id],
      [mine.id, 99_999_999],
    ]) {
      const res = await c.post('get-pdf/', { meta: c.meta, meldescheine: ids });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ status: 'error', error: { code: 'not_found' } });
    }
    expect(await prints(mine.id)).toEqual([]);
    expect(await prints(theirs.id)).toEqual([]);
    expect((await c.get([mine.id])).json.response[0]!.state).toBe('draft');
  });

  it('refuses a cancelled form with 409 and prints a departed one', async () => {
    const c = await formsClient(t);
    const cancelled = await c.bookOk([person()]);
    await c.cancel([cancelled.id]);
    const refused = await c.post('get-pdf/', { meta: c.meta, meldescheine: [cancelled.id] });
    expect(refused.status).toBe(409);
    expect(await prints(cancelled.id)).toEqual([]);

    // A stay that is already over is departed; its card may still be printed (DECISIONS 2.10).
    const departed = await c.bookOk([
      person({ arrival_date: daysFromToday(-10), departure_date: daysFromToday(-7) }),
    ]);
    expect(departed.state).toBe('departed');
    const printed = await c.post('get-pdf/', { meta: c.meta, meldescheine: [departed.id] });
    expect(printed.status).toBe(200);
    expect(await prints(departed.id)).toHaveLength(1);
    expect((await c.get([departed.id])).json.response[0]!.state).toBe('departed');
  });

  it('needs the print permission', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([person()]);
    await t.db.execute(
      sql`update users set permissions = array_remove(permissions, 'meldeschein.print_kurkarte') where username = 'multi'`,
    );
    const multi = await formsClient(t, 'multi', {
      gemeinde: t.demo.gemeinden.seeblick.id,
      objekt: t.demo.objekte.agenturA,
    });
    const res = await multi.post('get-pdf/', { meta: multi.meta, meldescheine: [form.id] });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { code: 'permission_denied' } });
  });

  it('honours meta.idempotent: the second call with the same requestId prints nothing', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([person()]);
    const body = {
      meta: { ...c.meta, idempotent: true, requestId: 'pdf-once' },
      meldescheine: [form.id],
    };
    expect((await c.post('get-pdf/', body)).status).toBe(200);
    const again = await c.post('get-pdf/', body);
    expect(again.status).toBe(409);
    expect(await prints(form.id)).toHaveLength(1);
  });

  it('answers in XML with the PDF as base64 text', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([person()]);
    const res = await c.post(
      'get-pdf/',
      { meta: c.meta, meldescheine: [form.id] },
      { format: 'xml' },
    );
    expect(res.status).toBe(200);
    expect(res.text).toMatch(
      new RegExp(`<response><list-item><id>${form.id}</id><encoding>base64</encoding><pdf>JVBERi0`),
    );
  });
});

describe('buchen/ with params.append_pdf', () => {
  it('adds the PDF to each booked form, answers it printed and logs one print per form', async () => {
    const c = await formsClient(t);
    const res = await c.post('buchen/', {
      meta: c.meta,
      params: { append_pdf: true },
      meldescheine: [
        { ms_type: 'ems', personen: [person(), group(3)] },
        { ms_type: 'ems', personen: [person({ Gast_Vorname: 'Иван', Gast_Name: 'Петров' })] },
      ],
    });
    expect(res.status).toBe(200);
    const body = BuchenResponse.parse(res.json);
    expect(body.meldescheine.map((f) => f.state)).toEqual(['printed', 'printed']);
    const [first, second] = body.meldescheine;
    expect(readBack(pdfOf(first!.pdf!)).pages).toBe(2);
    const text = readBack(pdfOf(second!.pdf!)).text[0];
    expect(text).toContain('Иван Петров');
    for (const f of body.meldescheine) {
      expect(await prints(f.id)).toEqual([expect.objectContaining({ via: 'append_pdf' })]);
    }
  });

  it('books nothing when the account may not print', async () => {
    await createUser(
      t.db,
      {
        username: 'noprint',
        beherberger: [t.demo.beherberger.seeblickHaus],
        permissions: ['meldeschein.add_meldeschein', 'meldeschein.view_meldeschein'],
      },
      'noprint',
    );
    const c = await formsClient(t, 'noprint', {
      gemeinde: t.demo.gemeinden.seeblick.id,
      objekt: t.demo.objekte.seeblickObjekt,
    });
    const before = await count(t, 'meldescheine');
    const res = await c.post('buchen/', {
      meta: c.meta,
      params: { append_pdf: true },
      meldescheine: [{ ms_type: 'ems', personen: [person()] }],
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { code: 'permission_denied' } });
    expect(await count(t, 'meldescheine')).toBe(before);
  });
});
