// German guests since 2025 (BMG § 29(2)): a field marked `required_foreign_only` (the demo's
// identity-document number) is required of guests whose nationality is given and not German.
// Standard clients see `required: false` for it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserResponse } from '@/lib/wire/config';
import { useTestDb } from '../helpers/db';
import { formsClient, group, paths, person, type FormsClient } from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;

beforeAll(async () => {
  c = await formsClient(t);
});

const DOC = 'meldescheine[0].personen[0].Gast_Ausweisnummer';

describe('required_foreign_only', () => {
  it('is announced in the configuration with required false', async () => {
    const res = await c.api.get<CurrentUserResponse>('users/get_current_user/', { token: c.token });
    const fields = res.json.gemeinden[0]!.meldeschein_fields;
    expect(fields.find((f) => f.column_name === 'Gast_Ausweisnummer')).toMatchObject({
      required: false,
      required_foreign_only: true,
    });
    expect(fields.find((f) => f.column_name === 'Gast_Staatsangehoerigkeit')).toMatchObject({
      data_type: 'country',
      statistical: true,
    });
  });

  it('books a German guest without a document number', async () => {
    const res = await c.book([person({ Gast_Staatsangehoerigkeit: 'DE' })]);
    expect(res.status).toBe(200);
  });

  it('refuses a foreign guest without one, naming the field', async () => {
    for (const nationality of ['AT', 'fr']) {
      const res = await c.book([person({ Gast_Staatsangehoerigkeit: nationality })]);
      expect(res.status).toBe(400);
      expect(paths(res)).toEqual([DOC]);
    }
    const ok = await c.book([
      person({ Gast_Staatsangehoerigkeit: 'AT', Gast_Ausweisnummer: 'U1234567' }),
    ]);
    expect(ok.status).toBe(200);
  });

  it('asks nothing of a group guest or of a guest whose nationality is not given', async () => {
    expect((await c.book([group(3, { Gast_Staatsangehoerigkeit: 'NL' })])).status).toBe(200);
    expect((await c.book([person()])).status).toBe(200);
  });

  it('applies when an update makes a guest foreign', async () => {
    const form = await c.bookOk([person({ Gast_Staatsangehoerigkeit: 'DE' })]);
    const guestId = form.personen[0]!.id;
    const refused = await c.update({
      id: form.id,
      personen: [{ id: guestId, Gast_Staatsangehoerigkeit: 'PL' }],
    });
    expect(refused.status).toBe(400);
    expect(paths(refused)).toEqual([DOC]);
    const ok = await c.update({
      id: form.id,
      personen: [{ id: guestId, Gast_Staatsangehoerigkeit: 'PL', Gast_Ausweisnummer: 'EA0011223' }],
    });
    expect(ok.status).toBe(200);
  });
});
