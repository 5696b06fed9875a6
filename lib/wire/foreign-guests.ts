// German guests since 1 January 2025 (BMG § 29(2) after the Fourth Bureaucracy Relief Act): only
// foreign guests must fill in the registration form, so a municipality can mark a field
// `required_foreign_only` (the identity-document number, § 30(2) no. 6). The service and the
// portal's form decide with these functions. Zod-free: the browser bundle imports it.

/**
 * The guest field that holds the nationality, by documented convention (docs/api.md): the
 * municipality field of this name with `data_type` `country`.
 */
export const NATIONALITY_FIELD = 'Gast_Staatsangehoerigkeit';

/**
 * A foreign guest: a nationality is given and it is not DE. An unset nationality does not make a
 * guest foreign; a municipality that must know makes its nationality field `required`.
 */
export function isForeignNationality(value: unknown): boolean {
  if (typeof value !== 'string' || !value.trim()) return false;
  return value.trim().toUpperCase() !== 'DE';
}

/** Whether a field must be filled in for an individual guest of this nationality. */
export function isRequiredFor(
  required: boolean,
  requiredForeignOnly: boolean,
  nationality: unknown,
): boolean {
  return required || (requiredForeignOnly && isForeignNationality(nationality));
}
