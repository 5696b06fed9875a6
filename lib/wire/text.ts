// Rules for text from clients, shared by the service and the portal's form (a rule lives once):
// what the database can store, and what counts as empty. Client-safe and zod-free (the portal's
// form page ships zod/mini): the schemas wrap these functions.

// C0 controls other than tab and line breaks, DEL, and NUL in particular: PostgreSQL cannot store NUL.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// A surrogate without its partner cannot be encoded as UTF-8 (and jsonb refuses its escape).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text the database can store and a person can read: well-formed UTF-16, no control characters. */
export function isStorableText(s: string): boolean {
  return !LONE_SURROGATE.test(s) && !CONTROL.test(s);
}

// Whitespace, format characters (zero-width space and joiners, BOM, word joiner, bidi marks, soft
// hyphen) and the fillers that render as nothing (combining grapheme joiner, Hangul and Khmer
// fillers, the blank Braille pattern): text of only these looks empty on a form and on a card.
const INVISIBLE_ONLY =
  /^[\s\p{Cf}\p{Zs}\p{Zl}\p{Zp}\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0]*$/u;

/** Text a person would read as empty: nothing, or only invisible characters. */
export function isBlankText(s: string): boolean {
  return INVISIBLE_ONLY.test(s);
}
