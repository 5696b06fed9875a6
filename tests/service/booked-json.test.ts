// The booking answer's JSON is made with each form serialized once (issue 19): it must be the text
// JSON.stringify made of the two-shape answer before, byte for byte (DECISIONS 2.10), with and
// without a card PDF, for forms with odd text and absent values.
import { describe, expect, it } from 'vitest';
import { bookedJson } from '@/lib/service/endpoints/meldeschein';
import type { FormResponse } from '@/lib/wire/meldeschein';
import type { ResponseMeta } from '@/lib/wire/meta';

/** The answer as the endpoint built it before: every form flat and again under `meldeschein`. */
function before(meta: ResponseMeta, forms: (FormResponse & { pdf?: string })[]): string {
  return JSON.stringify({
    meta,
    status: 'success',
    meldescheine: forms.map((booked) => {
      const { pdf, ...form } = booked;
      return pdf === undefined
        ? { ...form, meldeschein: form }
        : { ...form, pdf, meldeschein: form };
    }),
  });
}

const meta: ResponseMeta = {
  requestId: 'r-"1"\\',
  timestamp: '2026-11-25T09:00:00.000',
  user: { id: 1, username: 'demo', alias: 'Anna Möller' },
  gemeinde: 1,
};

const form = (id: number, extra: Record<string, unknown> = {}) =>
  ({
    id,
    input_id: id % 2 ? null : `in-${id}`,
    personen: [
      { id: id * 10, Gast_Name: 'Müller "der Ältere"\n\u2028', Gast_Email: null, note: undefined },
      { id: id * 10 + 1, Gast_Name: '𝒜 \u0000 </script>', kurtaxe_calc: 4.5 },
    ],
    precheck_errors: [{ code: 'no_season', params: { nights: 2 } }],
    kurtaxe_calc: 13.5,
    anonymised: undefined,
    ...extra,
  }) as unknown as FormResponse;

describe('bookedJson', () => {
  it('is the two-shape answer of JSON.stringify, byte for byte', () => {
    const cases: (FormResponse & { pdf?: string })[][] = [
      [],
      [form(1)],
      [form(1), form(2)],
      [{ ...form(3), pdf: 'JVBERi0xLjcK' }, form(4)],
      [{ ...form(5), pdf: undefined }],
      [{} as FormResponse, { pdf: 'AA==' } as FormResponse & { pdf: string }],
    ];
    for (const forms of cases) expect(bookedJson(meta, forms)).toBe(before(meta, forms));
  });
});
