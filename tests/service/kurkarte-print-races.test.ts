// A print whose forms change while its cards are drawn (issue 8): the cards are drawn before the
// print's transaction, so a cancel or an update can commit in between. The test runs that call
// exactly then, from inside the renderer, so the interleaving is the same on every run and on
// both drivers.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { printLog } from '@/lib/db/schema';
import { GetPdfResponse } from '@/lib/wire/kurkarte';
import { readBack } from '../kurkarte/pdf-tools';
import { useTestDb } from '../helpers/db';
import { formsClient, person } from './meldeschein-fixtures';

const hook = vi.hoisted(() => ({ whileDrawing: null as null | (() => Promise<void>) }));

vi.mock('@/lib/service/kurkarte/draw', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/service/kurkarte/draw')>();
  return {
    ...real,
    drawKurkarten: async (...args: Parameters<typeof real.drawKurkarten>) => {
      const run = hook.whileDrawing;
      hook.whileDrawing = null;
      await run?.();
      return real.drawKurkarten(...args);
    },
  };
});

const t = useTestDb();

beforeEach(() => {
  hook.whileDrawing = null;
});

const prints = (formId: number) =>
  t.db.select().from(printLog).where(eq(printLog.meldescheinId, formId));

describe('get-pdf while the form changes', () => {
  it('refuses the print of a form cancelled while its cards were drawn, and logs nothing', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([person()]);
    hook.whileDrawing = async () => {
      expect((await c.cancel([form.id])).status).toBe(200);
    };
    const res = await c.post('get-pdf/', { meta: c.meta, meldescheine: [form.id] });
    expect(res.status).toBe(409);
    expect((res.json as { error?: { code: string } }).error?.code).toBe('form_not_changeable');
    expect(await prints(form.id)).toHaveLength(0);
  });

  it('answers the guests an update left while the cards were drawn', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([
      person({ Gast_Vorname: 'Anna' }),
      person({ Gast_Vorname: 'Bernd' }),
    ]);
    hook.whileDrawing = async () => {
      const res = await c.update({
        id: form.id,
        personen: [{ id: form.personen[0]!.id, delete: true }],
      });
      expect(res.status).toBe(200);
    };
    const res = await c.post('get-pdf/', { meta: c.meta, meldescheine: [form.id] });
    expect(res.status, res.text).toBe(200);
    const pdf = GetPdfResponse.parse(res.json).response[0]!.pdf;
    const card = readBack(new Uint8Array(Buffer.from(pdf, 'base64')));
    expect(card.pages).toBe(1);
    expect(card.text[0]).toContain('Bernd');
    expect(await prints(form.id)).toHaveLength(1);
  });
});
