// The table of AVS elements and guest columns both AVS sides use, and how a country is read from
// AVS's country elements.
import { describe, expect, it } from 'vitest';
import {
  COMPANION_ADDRESS,
  COMPANION_ELEMENTS,
  COVERED_COLUMNS,
  ELEMENT_OF_COLUMN,
  TRAVELLER_COLUMNS,
} from '@/lib/wire/avs';
import { countryId, countryOfLand } from '@/lib/wire/avs/countries';

describe('traveller columns', () => {
  it('names each element\u2019s column once, both ways', () => {
    for (const [element, column] of Object.entries(TRAVELLER_COLUMNS)) {
      expect(ELEMENT_OF_COLUMN.get(column)).toBe(element);
      expect(COVERED_COLUMNS.has(column)).toBe(true);
    }
    expect(COVERED_COLUMNS.size).toBe(Object.keys(TRAVELLER_COLUMNS).length);
  });

  it('gives a companion either its own element or the main traveller\u2019s address, never both', () => {
    expect(COMPANION_ELEMENTS.filter((e) => COMPANION_ADDRESS.includes(e))).toEqual([]);
    expect(COMPANION_ADDRESS).toEqual(['strasse', 'plz', 'ort', 'land']);
  });
});

describe('countryOfLand', () => {
  it('reads land-iso first (the interface: it wins over a different land-id), then ids', () => {
    expect(countryOfLand({ 'land-id': countryId('AT'), 'land-iso': 'NL' })).toBe('NL');
    expect(countryOfLand({ 'land-id': countryId('NL') })).toBe('NL');
    expect(countryOfLand({ 'land-iso': 'nl' })).toBe('NL');
    expect(countryOfLand(undefined, 1)).toBe('DE');
    expect(countryOfLand({ 'land-iso': 'Niederlande' })).toBe('NL');
  });

  it('answers null for nothing or what names no country', () => {
    expect(countryOfLand(undefined)).toBeNull();
    expect(countryOfLand({ 'land-id': 0 })).toBeNull();
    expect(countryOfLand({ 'land-iso': 'XX', 'land-id': 9999 }, 0)).toBeNull();
  });
});
