// The portal's guest form and its server action validate with one schema: a `required_foreign_only`
// field (BMG § 29(2)) is required only when the guest's nationality is given and not German; the
// nationality itself is asked of every individual guest.
import { describe, expect, it } from 'vitest';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import { buildStaySchema, validateStay } from '@/lib/portal/guest-form/schema';
import { emptyGuest, type GuestValues } from '@/lib/portal/guest-form/values';
import { messagesFor } from '@/lib/portal/i18n';
import { CONFIG, field } from './fixtures';

const de = messagesFor('de');
const config: GemeindeFormConfig = {
  ...CONFIG,
  fields: [
    ...CONFIG.fields,
    { ...field('Gast_Staatsangehoerigkeit', 'country'), statistical: true },
    { ...field('Gast_Ausweisnummer', 'text', false, 20), required_foreign_only: true },
  ],
};
const schema = buildStaySchema(config, de, { mode: 'new', objektIds: ['7'] });

function check(fields: Record<string, string>, type: GuestValues['type'] = 'person') {
  const g = emptyGuest(config, { arrival: '2027-07-14', departure: '2027-07-17' });
  const guest: GuestValues = {
    ...g,
    type,
    anzahl: type === 'gruppe' ? '3' : g.anzahl,
    fields: { ...g.fields, Gast_Vorname: 'Erika', Gast_Name: 'Muster', Gast_Land: 'DE', ...fields },
  };
  return validateStay(schema, {
    objektId: '7',
    arrival: '2027-07-14',
    departure: '2027-07-17',
    guests: [guest],
  });
}

describe('foreign-only required field in the portal form', () => {
  it('is not required of a German guest', () => {
    expect(check({ Gast_Staatsangehoerigkeit: 'DE' })).toEqual({});
  });

  it('the nationality is asked of every guest: it decides the BMG form, wherever they live (issue 31)', () => {
    const missing = { 'guests.0.fields.Gast_Staatsangehoerigkeit': de.form.validation.required };
    expect(check({ Gast_Land: 'NL' })).toEqual(missing);
    // A foreign national living in Germany signs as well: only the nationality tells.
    expect(check({ Gast_Land: 'DE' })).toEqual(missing);
    expect(check({ Gast_Land: 'NL', Gast_Staatsangehoerigkeit: 'DE' })).toEqual({});
  });

  it('is required of a foreign guest, on the field itself', () => {
    expect(check({ Gast_Staatsangehoerigkeit: 'AT' })).toEqual({
      'guests.0.fields.Gast_Ausweisnummer': de.form.validation.required,
    });
    expect(check({ Gast_Staatsangehoerigkeit: 'AT', Gast_Ausweisnummer: 'U1234567' })).toEqual({});
  });

  it('is not required of a group', () => {
    expect(check({ Gast_Staatsangehoerigkeit: 'NL' }, 'gruppe')).toEqual({});
  });
});
