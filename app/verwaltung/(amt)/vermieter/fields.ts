// The landlord's and the object's fields, written once for the new and the edit forms: the same
// names, labels, kinds and autofill everywhere. Staff type someone else's data, so no field offers
// the browser's own autofill (`off`: the staff member's organisation is not the landlord's).
import type { FieldSpec } from '@/components/office/office-form';
import type { OfficeWords } from '@/lib/office/i18n';

type Words = Pick<OfficeWords, 'm' | 'a'>;
type Values = Record<string, string>;

const withValues = (fields: FieldSpec[], values?: Values): FieldSpec[] =>
  values ? fields.map((f) => ({ ...f, defaultValue: values[f.name] ?? f.defaultValue })) : fields;

/** A landlord's own data (not the municipality, which a new landlord chooses once). */
export function landlordFields({ m, a }: Words, values?: Values): FieldSpec[] {
  const f = m.fields;
  return withValues(
    [
      { name: 'alias', label: f.alias, required: true, autoComplete: 'off' },
      { name: 'firma', label: f.firma, autoComplete: 'off' },
      { name: 'vorname', label: f.vorname, autoComplete: 'off' },
      { name: 'nachname', label: f.nachname, autoComplete: 'off' },
      { name: 'strasse', label: f.strasse, autoComplete: 'off' },
      { name: 'plz', label: f.plz, autoComplete: 'off', inputMode: 'numeric' },
      { name: 'ort', label: f.ort, autoComplete: 'off' },
      { name: 'email', label: f.email, type: 'email', autoComplete: 'off' },
      { name: 'telefon', label: f.telefon, autoComplete: 'off' },
      { name: 'vermieter_nr', label: f.vermieterNr, autoComplete: 'off' },
      { name: 'debitor_nr', label: a.edit.debitorNr, autoComplete: 'off' },
    ],
    values,
  );
}

/** An object's data; a new object starts with 0 beds. */
export function objectFields(
  { m }: Words,
  zones: { value: string; label: string }[],
  values: Values = { anzahl_betten: '0' },
): FieldSpec[] {
  const f = m.fields;
  return withValues(
    [
      { name: 'alias', label: f.alias, required: true, autoComplete: 'off' },
      { name: 'tarifzone', label: f.tarifzone, required: true, options: zones },
      {
        name: 'anzahl_betten',
        label: f.betten,
        type: 'number',
        required: true,
        inputMode: 'numeric',
      },
      { name: 'strasse', label: f.strasse, autoComplete: 'off' },
      { name: 'plz', label: f.plz, autoComplete: 'off', inputMode: 'numeric' },
      { name: 'ort', label: f.ort, autoComplete: 'off' },
    ],
    values,
  );
}
