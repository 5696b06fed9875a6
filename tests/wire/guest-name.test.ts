// The guest's name on cards and in the portal's lists: one rule for both halves (lib/wire).
import { describe, expect, it } from 'vitest';
import { guestDisplayName } from '@/lib/wire/guest-rules';

describe('guestDisplayName', () => {
  it("takes the spec's fields, first name first", () => {
    expect(guestDisplayName({ Gast_Name: ' Mustermann ', Gast_Vorname: 'Erika' })).toBe(
      'Erika Mustermann',
    );
    expect(guestDisplayName({ Gast_Name: 'Mustermann', Gast_Vorname: '\u200b ' })).toBe(
      'Mustermann',
    );
  });

  it('finds the name where a municipality calls its fields otherwise', () => {
    expect(guestDisplayName({ nachname: 'Petrov', vorname: 'Ivan', ort: 'Sofia' })).toBe(
      'Ivan Petrov',
    );
    expect(guestDisplayName({ first_name: 'Ana', last_name: 'Silva' })).toBe('Ana Silva');
    expect(guestDisplayName({ surname: 'Okafor' })).toBe('Okafor');
  });

  it('is null without a name (a group guest, or only other fields)', () => {
    expect(guestDisplayName({})).toBeNull();
    expect(guestDisplayName({ Gast_Land: 'DE', Gast_Wohnort: 'Berlin' })).toBeNull();
  });
});
