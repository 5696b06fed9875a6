// A guest's check-in in English names the usual fields in English; the municipality's own fields
// keep its names, and the German page is the municipality's as it is.
import { describe, expect, it } from 'vitest';
import { withFieldLabels } from '@/lib/portal/config/field-labels';
import { CONFIG } from './fixtures';

const names = (lang: 'de' | 'en') =>
  Object.fromEntries(withFieldLabels(CONFIG, lang).fields.map((f) => [f.column_name, f.alias]));

describe('the guest fields’ names', () => {
  it('are English for the usual fields, the municipality’s own for the others', () => {
    expect(names('en')).toMatchObject({
      Gast_Vorname: 'First name',
      Gast_Name: 'Last name',
      Gast_Geburtsdatum: 'Date of birth',
      Gast_Land: 'Country',
      Gast_Email: 'E-mail',
      Gast_Hunde: 'Hunde',
      Gast_Bahn: 'Bahn',
    });
    expect(withFieldLabels(CONFIG, 'de')).toBe(CONFIG);
    // Only the names change: the form's order, types and rules stay the municipality's.
    expect(withFieldLabels(CONFIG, 'en').fields.map(({ alias: _, ...rest }) => rest)).toEqual(
      CONFIG.fields.map(({ alias: _, ...rest }) => rest),
    );
  });
});
