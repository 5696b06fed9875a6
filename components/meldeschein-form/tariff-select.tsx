'use client';
// A guest's tariff, on the landlord's form and on the guest's check-in form. No hooks.
import type { UseFormRegister } from 'react-hook-form';
import { CONTROL, Field } from '@/components/ui/field';
import type { Tarif } from '@/lib/wire/config';
import type { StayValues } from '@/lib/portal/guest-form/values';

export interface TariffSelectProps {
  index: number;
  tarife: readonly Tarif[];
  defaultValue: string;
  /** react-hook-form's (the landlord's form); without it a plain named select (the guest's form). */
  register?: UseFormRegister<StayValues>;
  label: string;
  /** The empty choice's text. */
  choose: string;
  hint?: string;
  error?: string;
  /** Guests read the full name ("Kinder 6–15 Jahre"); landlords know the short one. */
  fullNames?: boolean;
}

export function TariffSelect(p: TariffSelectProps) {
  const id = `g${p.index}-tarif`;
  const name = `guests.${p.index}.tarifId` as const;
  return (
    <Field id={id} label={p.label} required hint={p.hint} error={p.error}>
      {(described, invalid) => (
        <select
          id={id}
          className={CONTROL}
          aria-invalid={invalid}
          aria-describedby={described}
          aria-required="true"
          defaultValue={p.defaultValue}
          {...(p.register ? p.register(name) : { name })}
        >
          <option value="">{p.choose}</option>
          {p.tarife.map((t) => (
            <option key={t.id} value={t.id}>
              {(p.fullNames && t.full_alias) || t.alias}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
