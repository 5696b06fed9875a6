// Names of the guests' countries (ISO 3166 codes as the country fields store them), in the office's
// language; an unknown code is shown as given, no country as `none`.
const names = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, lang: 'de' | 'en', none: string): string {
  if (!code) return none;
  let display = names.get(lang);
  if (!display) {
    display = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    names.set(lang, display);
  }
  try {
    return display.of(code) ?? code;
  } catch {
    return code;
  }
}
