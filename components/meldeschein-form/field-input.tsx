'use client';
// One municipality-defined guest field, rendered by its data type: date picker, e-mail, number,
// checkbox, country select with names in the landlord's language, or text. No hooks: the guest's
// server-rendered check-in form uses it without react-hook-form.
import type { UseFormRegister } from 'react-hook-form';
import { CONTROL, Field, FieldError, describedBy } from '@/components/ui/field';
import type { CountryOptions } from '@/lib/portal/config/countries';
import type { FieldInput as FieldInputValue, StayValues } from '@/lib/portal/guest-form/values';
import type { MeldescheinField } from '@/lib/wire/config';
import { requiredInPortal } from '@/lib/wire/arrival-duty';
import { isRequiredFor } from '@/lib/wire/foreign-guests';

export interface FieldInputProps {
  field: MeldescheinField;
  /** The guest's nationality as entered: a foreign-only field is required when it is not German. */
  nationality?: unknown;
  /** Shown under a foreign-only field, so the rule is clear also before (or without) JavaScript. */
  foreignOnlyHint?: string;
  index: number;
  /** react-hook-form's (the landlord's form); without it a plain named control (the guest's form). */
  register?: UseFormRegister<StayValues>;
  /** The value when the form was rendered: in the server HTML, so it shows before (or without) JavaScript. */
  initial: FieldInputValue | undefined;
  error?: string;
  countries: CountryOptions;
  chooseCountry: string;
  commonCountries: string;
  allCountries: string;
  /** An autocomplete token where the form holds the user's own data; otherwise autofill is off. */
  autoComplete?: string;
  /** Focused when the page loads (the guest's form: the traveller just added). */
  autoFocus?: boolean;
}

export function FieldInput({
  field: f,
  nationality,
  foreignOnlyHint,
  index,
  register,
  initial,
  error,
  countries,
  autoComplete = 'off',
  autoFocus,
  ...text
}: FieldInputProps) {
  const name = `guests.${index}.fields.${f.column_name}` as const;
  const id = `g${index}-${f.column_name}`;
  const wide = f.data_type === 'text' && (f.size ?? 100) > 60;
  const required = isRequiredFor(
    requiredInPortal(f),
    f.required_foreign_only === true,
    nationality,
  );
  const registered = register ? register(name) : { name };

  if (f.data_type === 'boolean') {
    return (
      <div className="sm:col-span-2">
        <div className="flex min-h-11 items-center gap-3">
          <input
            id={id}
            type="checkbox"
            value="true"
            className="size-5 accent-brand-700"
            defaultChecked={initial === true || initial === 'true'}
            autoFocus={autoFocus}
            aria-invalid={!!error}
            aria-describedby={describedBy(id, false, !!error)}
            {...registered}
          />
          <label htmlFor={id} className="text-sm font-medium">
            {f.alias}
          </label>
        </div>
        <FieldError id={id} error={error} />
      </div>
    );
  }

  return (
    <Field
      id={id}
      label={f.alias}
      required={required}
      hint={f.required_foreign_only ? foreignOnlyHint : undefined}
      error={error}
      className={wide ? 'sm:col-span-2' : ''}
    >
      {(described, invalid) => {
        const common = {
          id,
          'aria-invalid': invalid,
          'aria-describedby': described,
          'aria-required': required || undefined,
          className: CONTROL,
          defaultValue: typeof initial === 'string' ? initial : '',
          autoComplete,
          autoFocus,
          ...registered,
        };
        if (f.data_type === 'country') {
          return (
            <select {...common}>
              <option value="">{text.chooseCountry}</option>
              <optgroup label={text.commonCountries}>
                {countries.common.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label={text.allCountries}>
                {countries.all.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            </select>
          );
        }
        const type = f.data_type === 'date' ? 'date' : f.data_type === 'email' ? 'email' : 'text';
        return (
          <input
            {...common}
            type={type}
            inputMode={
              f.data_type === 'number' ? 'decimal' : f.data_type === 'email' ? 'email' : undefined
            }
          />
        );
      }}
    </Field>
  );
}
