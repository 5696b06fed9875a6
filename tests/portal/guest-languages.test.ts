// The guest's languages: chosen from the browser by its q-values, and every dictionary complete
// against German (the same keys, no empty text, the same placeholders), so that no guest page,
// mail or paper form is half translated.
import { describe, expect, it } from 'vitest';
import { guestLang } from '@/lib/portal/checkin/lang';
import { GUEST_LANGUAGES, languageName } from '@/lib/portal/i18n/guest/languages';
import { guestMail } from '@/lib/portal/i18n/guest/mail';
import { guestPages } from '@/lib/portal/i18n/guest/pages';
import { guestPaper } from '@/lib/portal/i18n/guest/paper';

describe('the guest’s language from the browser', () => {
  it('is the first language by q-value that a guest page speaks', () => {
    expect(guestLang('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(guestLang('en-US,en;q=0.9,de;q=0.5')).toBe('en');
    expect(guestLang('pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('pl');
    expect(guestLang('en;q=0.5, pl;q=0.9')).toBe('pl');
    expect(guestLang('sv-SE, de;q=0.4')).toBe('de');
    expect(guestLang('PL')).toBe('pl');
    expect(guestLang('nl-BE,nl;q=0.9,fr;q=0.8')).toBe('nl');
    expect(guestLang('da-DK,da;q=0.9,en;q=0.8')).toBe('da');
    expect(guestLang('cs-CZ,cs;q=0.9,sk;q=0.8')).toBe('cs');
    expect(guestLang('fr-CH, fr;q=0.9, de;q=0.8')).toBe('fr');
  });
  it('is English for a browser naming only others, German for one naming none', () => {
    expect(guestLang('sv-SE,sv;q=0.9')).toBe('en');
    expect(guestLang('*')).toBe('en');
    expect(guestLang('pl;q=0')).toBe('de');
    expect(guestLang('')).toBe('de');
    expect(guestLang(null)).toBe('de');
  });
});

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const isTree = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Every difference of `other` from `german`: keys missing or extra, empty text, placeholders. */
function differences(german: unknown, other: unknown, path: string): string[] {
  if (typeof german === 'string') {
    if (typeof other !== 'string') return [`${path}: not a text`];
    if (!other.trim()) return [`${path}: empty`];
    const [want, got] = [placeholders(german), placeholders(other)];
    return want.join() === got.join() ? [] : [`${path}: placeholders ${got} instead of ${want}`];
  }
  if (!isTree(german)) return [`${path}: not a text in German`];
  if (!isTree(other)) return [`${path}: missing`];
  const extra = Object.keys(other).filter((k) => !(k in german));
  return [
    ...extra.map((k) => `${path}.${k}: not in German`),
    ...Object.keys(german).flatMap((k) =>
      k in other ? differences(german[k], other[k], `${path}.${k}`) : [`${path}.${k}: missing`],
    ),
  ];
}

/** Every text of a dictionary. */
const texts = (tree: unknown): string[] =>
  typeof tree === 'string' ? [tree] : isTree(tree) ? Object.values(tree).flatMap(texts) : [];

describe('every guest language', () => {
  it('is named in its own words', () => {
    expect(GUEST_LANGUAGES).toEqual(['de', 'en', 'nl', 'da', 'pl', 'cs', 'fr']);
    expect(GUEST_LANGUAGES.map(languageName)).toEqual([
      'Deutsch',
      'English',
      'Nederlands',
      'Dansk',
      'Polski',
      'Čeština',
      'Français',
    ]);
  });

  for (const lang of GUEST_LANGUAGES.filter((l) => l !== 'de')) {
    it(`has every text of the guest's pages, mails and paper form (${lang})`, () => {
      expect(differences(guestPages('de'), guestPages(lang), 'pages')).toEqual([]);
      expect(differences(guestMail('de'), guestMail(lang), 'mail')).toEqual([]);
      expect(differences(guestPaper('de'), guestPaper(lang), 'paper')).toEqual([]);
    });
  }

  for (const lang of GUEST_LANGUAGES.filter((l) => l !== 'de' && l !== 'en')) {
    it(`copies no sentence from German or English (${lang})`, () => {
      const areas = [guestPages, guestMail, guestPaper] as const;
      const copied = areas.flatMap((area) => {
        const known = new Set([...texts(area('de')), ...texts(area('en'))]);
        // Short words may be the same ("Ja", "Tarif", "E-mail"); a sentence never is.
        return texts(area(lang)).filter((t) => t.length > 40 && known.has(t));
      });
      expect(copied).toEqual([]);
    });
  }

  it('finds what a dictionary lacks', () => {
    expect(
      differences({ a: 'x {n}', b: { c: 'y' } }, { a: 'x', b: { c: ' ', d: 'z' } }, 'p'),
    ).toEqual(['p.a: placeholders  instead of n', 'p.b.d: not in German', 'p.b.c: empty']);
  });
});
