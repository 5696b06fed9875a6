// The paper registration form in every guest language: German with the signer's language beside
// it, every word of both dictionaries printed (read back through pdftotext: a letter the embedded
// font lacked would be missing from the text), Polish and Czech names and places as typed, and
// the signer's language chosen from the nationality, the party's choice or the landlord's.
import { describe, expect, it } from 'vitest';
import { paperForms, signerLang, type PaperSigner } from '@/lib/portal/arrival/paper';
import type { ArrivalParty, PartyGuest } from '@/lib/portal/arrival/party';
import { GUEST_LANGUAGES, type GuestLang } from '@/lib/portal/i18n/guest/languages';
import { guestPaper, type GuestPaper } from '@/lib/portal/i18n/guest/paper';
import { readBack } from '../kurkarte/pdf-tools';

const person = (over: Partial<PartyGuest>): PartyGuest => ({
  id: 1,
  position: 0,
  group: false,
  anzahl: 1,
  arrival: '2027-08-03',
  departure: '2027-08-09',
  familyName: null,
  firstNames: null,
  birthDate: null,
  nationality: null,
  street: null,
  postcode: null,
  town: null,
  country: null,
  documentNumber: null,
  ...over,
});

const lucja: PaperSigner = {
  guest: person({
    id: 11,
    familyName: 'Wójcik-Żółć',
    firstNames: 'Łucja Agnieszka',
    birthDate: '1986-11-23',
    nationality: 'PL',
    street: 'ul. Świętokrzyska 12',
    postcode: '00-916',
    town: 'Łódź',
    country: 'PL',
    documentNumber: 'ZS1234567',
  }),
  counted: [
    { nationality: 'PL', count: 1, guestIds: [12] },
    { nationality: null, count: 1, guestIds: [13] },
  ],
};

const rehor: PaperSigner = {
  guest: person({
    id: 21,
    familyName: 'Šťastný',
    firstNames: 'Řehoř Ďoubek',
    birthDate: '1979-02-14',
    nationality: 'CZ',
    street: 'Náměstí Míru 7',
    postcode: '120 00',
    town: 'Český Krumlov',
    country: 'CZ',
    documentNumber: 'P9876543',
  }),
  counted: [],
};

const party: ArrivalParty = {
  meldescheinnummer: '2027-000815',
  objekt: { alias: 'Möwennest', address: 'Strandweg 3, 18999 Seeblick', landlord: 'Anna Ahrens' },
  guests: [lucja.guest, rehor.guest],
};

/**
 * Every text of a dictionary an adult's form prints, as pdftotext reads a wrapped line back
 * (spaces folded); a minor's form prints `signatureMinor` instead of `signature`.
 */
function textsOf(words: GuestPaper): string[] {
  const { fields, signatureMinor: _minor, ...rest } = words;
  return [...Object.values(rest), ...Object.values(fields)];
}
const fold = (s: string) => s.replace(/\s+/g, ' ').trim();

async function printed(lang: GuestLang, signer: PaperSigner = lucja) {
  const read = readBack(await paperForms(party, [signer], { lang }));
  return { text: fold(read.text[0] ?? ''), fonts: read.fonts };
}

describe('the paper form', () => {
  for (const lang of GUEST_LANGUAGES) {
    it(`prints German and ${lang}, every word and every letter, in an embedded font`, async () => {
      const { text, fonts } = await printed(lang);
      for (const t of [...textsOf(guestPaper('de')), ...textsOf(guestPaper(lang))])
        expect(text, t).toContain(fold(t));
      for (const t of ['Wójcik-Żółć', 'Łucja Agnieszka', 'ul. Świętokrzyska 12', '00-916 Łódź'])
        expect(text).toContain(t);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((f) => f.embedded && f.subset)).toBe(true);
      // A foreign child's own form: signed for the child by a parent or guardian (decision 028).
      const child = { ...lucja, guest: { ...lucja.guest, birthDate: '2016-05-01' } };
      const minor = (await printed(lang, child)).text;
      for (const t of [guestPaper('de').signatureMinor, guestPaper(lang).signatureMinor])
        expect(minor).toContain(fold(t));
      expect(text).not.toContain(fold(guestPaper('de').signatureMinor));
    });
  }

  it('draws every Polish and Czech letter (a missing glyph would drop out of the text)', async () => {
    const czechNames = (await printed('cs', rehor)).text;
    for (const t of ['Šťastný', 'Řehoř Ďoubek', 'Náměstí Míru 7', '120 00 Český Krumlov'])
      expect(czechNames).toContain(t);
    const polish = 'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ';
    const czech = 'čďěňřšťůžČĎĚŇŘŠŤŮŽ';
    const guest = { ...rehor.guest, familyName: polish, firstNames: czech };
    const { text } = await printed('pl', { ...rehor, guest });
    expect(text).toContain(polish);
    expect(text).toContain(czech);
  });

  it('names countries in German and the signer’s language', async () => {
    expect((await printed('pl')).text).toContain('Polen / Polska (PL)');
    expect((await printed('cs', rehor)).text).toContain('Tschechien / Česko (CZ)');
    expect((await printed('de')).text).toContain('Polen (PL)');
    expect((await printed('de')).text).not.toContain('Polen / ');
  });

  it('speaks the signer’s language: the nationality’s, else the party’s, else English', () => {
    expect(signerLang('PL', null)).toBe('pl');
    expect(signerLang('CZ', 'en')).toBe('cs');
    expect(signerLang('NL', null)).toBe('nl');
    expect(signerLang('DK', null)).toBe('da');
    expect(signerLang('FR', null)).toBe('fr');
    expect(signerLang('AT', 'en')).toBe('de');
    expect(signerLang('BE', 'fr')).toBe('fr');
    expect(signerLang('BE', 'nl')).toBe('nl');
    expect(signerLang('UA', 'pl')).toBe('pl');
    expect(signerLang('SE', null)).toBe('en');
    expect(signerLang('CH', 'de')).toBe('en');
    expect(signerLang(null, null)).toBe('en');
  });

  it('prints each signer in their own language, unless the landlord chose one', async () => {
    const both = readBack(await paperForms(party, [lucja, rehor], { partyLang: 'en' }));
    expect(fold(both.text[0]!)).toContain(guestPaper('pl').title);
    expect(fold(both.text[1]!)).toContain(guestPaper('cs').title);
    const chosen = readBack(await paperForms(party, [lucja, rehor], { lang: 'fr' }));
    for (const page of chosen.text) expect(fold(page)).toContain(fold(guestPaper('fr').title));
  });
});
