// The office's landlord and object fields are written once (app/verwaltung/(amt)/vermieter/
// fields.ts): the new and the edit form ask the same fields the same way, and none offers the
// browser's autofill (staff type someone else's data; `firma` offered the staff member's own
// organisation on the new form only).
import { describe, expect, it } from 'vitest';
import { landlordFields, objectFields } from '@/app/verwaltung/(amt)/vermieter/fields';
import { officeWords } from '@/lib/office/i18n';

const words = officeWords('de');
const shape = (fields: { name: string; autoComplete?: string; type?: string }[]) =>
  fields.map(({ name, autoComplete, type }) => ({ name, autoComplete, type }));

describe('the landlord fields', () => {
  it('are the same on the new and the edit form, without autofill', () => {
    const created = landlordFields(words);
    const edited = landlordFields(words, { firma: 'Möwe GmbH', alias: 'Möwe' });
    expect(shape(edited)).toEqual(shape(created));
    expect(created.find((f) => f.name === 'firma')?.autoComplete).toBe('off');
    expect(created.every((f) => f.autoComplete === 'off')).toBe(true);
    expect(edited.find((f) => f.name === 'firma')?.defaultValue).toBe('Möwe GmbH');
    expect(created.find((f) => f.name === 'firma')?.defaultValue).toBeUndefined();
  });

  it('give an object the same fields new and edited; a new one starts with 0 beds', () => {
    const zones = [{ value: '1', label: 'Zone A' }];
    const created = objectFields(words, zones);
    const edited = objectFields(words, zones, { alias: 'Dünenhaus', anzahl_betten: '4' });
    expect(shape(edited)).toEqual(shape(created));
    expect(created.find((f) => f.name === 'anzahl_betten')?.defaultValue).toBe('0');
    expect(edited.find((f) => f.name === 'anzahl_betten')?.defaultValue).toBe('4');
    expect(created.find((f) => f.name === 'tarifzone')?.options).toEqual(zones);
  });
});
