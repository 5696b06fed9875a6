'use client';
// The stay itself: object, arrival and departure. An edit keeps the form's object; its dates are
// the whole stay's, and every guest who has them follows a change (an early departure).
import { get, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { CONTROL, Field } from '@/components/ui/field';
import type { StayValues } from '@/lib/portal/guest-form/values';
import type { Messages } from '@/lib/portal/i18n';

export interface ObjectOption {
  id: number;
  label: string;
  /** For the warning "more persons than beds". */
  beds?: number;
}

export function StayFields({
  mode,
  objects,
  register,
  errors,
  serverErrors,
  defaults,
  m,
}: {
  mode: 'new' | 'edit';
  objects: ObjectOption[];
  register: UseFormRegister<StayValues>;
  errors: FieldErrors<StayValues>;
  serverErrors: Record<string, string>;
  /** Values when rendered, for the server HTML (see GuestCard). */
  defaults: StayValues;
  m: Messages['form'];
}) {
  const errorOf = (name: string): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message ?? serverErrors[name];
  const edit = mode === 'edit';
  return (
    <section
      aria-labelledby="aufenthalt"
      className="rounded-lg border border-slate-300 bg-white p-4"
    >
      <h2 id="aufenthalt" className="mb-3 text-xl font-semibold">
        {edit ? m.stayAllGuests : m.stay}
      </h2>
      {edit ? <p className="mb-3 text-sm text-slate-800">{m.stayAllGuestsHint}</p> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        {edit ? (
          <input type="hidden" defaultValue={defaults.objektId} {...register('objektId')} />
        ) : (
          <Field id="objektId" label={m.object} required error={errorOf('objektId')}>
            {(described, invalid) => (
              <select
                id="objektId"
                className={CONTROL}
                aria-invalid={invalid}
                aria-describedby={described}
                aria-required="true"
                defaultValue={defaults.objektId}
                {...register('objektId')}
              >
                {objects.length > 1 ? <option value="">{m.chooseObject}</option> : null}
                {objects.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field id="arrival" label={m.arrival} required error={errorOf('arrival')}>
          {(described, invalid) => (
            <input
              id="arrival"
              type="date"
              className={CONTROL}
              aria-invalid={invalid}
              aria-describedby={described}
              aria-required="true"
              defaultValue={defaults.arrival}
              {...register('arrival')}
            />
          )}
        </Field>
        <Field id="departure" label={m.departure} required error={errorOf('departure')}>
          {(described, invalid) => (
            <input
              id="departure"
              type="date"
              className={CONTROL}
              aria-invalid={invalid}
              aria-describedby={described}
              aria-required="true"
              defaultValue={defaults.departure}
              {...register('departure')}
            />
          )}
        </Field>
      </div>
    </section>
  );
}
