'use client';
// What the landlord's stay form and the guest's check-in form share around react-hook-form: the
// resolver over the municipality's schema, and "same address as guest 1" with JavaScript (the
// no-JavaScript path applies the same copyFirstAddress in the action).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import { copyFirstAddress } from '@/lib/portal/guest-form/intents';
import type { StaySchema } from '@/lib/portal/guest-form/schema';
import type { StayValues } from '@/lib/portal/guest-form/values';

const asIs = (v: StayValues) => v;

/** The schema as a resolver; `prepare` fills in what the form does not ask (the check-in's dates). */
export function useStayResolver(
  schema: StaySchema,
  prepare: (values: StayValues) => StayValues = asIs,
): Resolver<StayValues> {
  const zod = useMemo(() => zodResolver(schema, undefined, { raw: true }), [schema]);
  return async (values, context, options) => {
    const result = await zod(prepare(values), context, options as Parameters<typeof zod>[2]);
    // The schema's error paths are the form's field names; only its value types are looser.
    const errors = result.errors as FieldErrors<StayValues>;
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/** Guest 1's address fields into guest `index`, validated again once the form was submitted. */
export function copyAddressInForm(
  form: UseFormReturn<StayValues>,
  index: number,
  config: GemeindeFormConfig,
): void {
  const { getValues, setValue, formState } = form;
  const copied = copyFirstAddress(getValues(), index, config).guests[index];
  for (const [name, value] of Object.entries(copied?.fields ?? {})) {
    if (value !== getValues(`guests.${index}.fields.${name}`)) {
      setValue(`guests.${index}.fields.${name}`, value, {
        shouldValidate: formState.isSubmitted,
      });
    }
  }
}
