// AVS forms for the tests: a Dutch couple in the demo landlord's flat in Seeblick.
import type { Meldeschein } from '@/lib/wire/avs';
import { dateOf, dayNumber } from '@/lib/service/meldescheine/days';
import { berlinToday } from '@/lib/wire/time';
import type { TestDb } from '../../helpers/db';

/** A day `days` from today (Europe/Berlin), YYYY-MM-DD. */
export const soon = (days: number) => dateOf(dayNumber(berlinToday()) + days);

/** Seeblick's adults' tariff (the demo's first). */
export const ERW = 1;

export function avsForm(t: TestDb, buchungsnummer: string): Meldeschein {
  const erw = ERW;
  return {
    buchungsnummer,
    firmaid: t.demo.beherberger.moewe,
    objektid: t.demo.objekte.moeweA,
    anreise: soon(1),
    abreise: soon(4),
    kategorieid: erw,
    anredeid: 1,
    name: 'de Vries',
    vorname: 'Pieter',
    strasse: 'Prinsengracht',
    hausnummer: '12',
    plz: '1015 DV',
    ort: 'Amsterdam',
    land: { 'land-iso': 'NL' },
    staatsangehoerigkeit: { 'land-id': 1412 },
    ausweisnr: 'NX1234567',
    geburtsdatum: '1980-05-17',
    email: 'pieter@example.nl',
    digit_gastkart: true,
    begleitperson: [
      {
        anredeid: 2,
        name: 'de Vries',
        vorname: 'Anna',
        geburtsdatum: '1982-09-01',
        kategorieid: erw,
        staatsangehoerigkeit: { 'land-iso': 'NL' },
        ausweisnr: 'NX7654321',
      },
    ],
  };
}
