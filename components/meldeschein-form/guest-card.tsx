'use client';
// One guest of the form: type (person or group), tariff, stay dates and the municipality's fields.
// Person-only and group-only parts are shown by CSS (:has on the checked type), so the switch
// also works without JavaScript.
import {
  get,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { buttonClass } from '@/components/ui/button';
import { CONTROL, Field } from '@/components/ui/field';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import type { CountryOptions } from '@/lib/portal/config/countries';
import { formatDate } from '@/lib/portal/format';
import type { GuestValues, StayValues } from '@/lib/portal/guest-form/values';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import { NATIONALITY_FIELD } from '@/lib/wire/foreign-guests';
import { FieldInput } from './field-input';
import { TariffSelect } from './tariff-select';

export interface GuestCardProps {
  index: number;
  /** This guest's values when rendered (server HTML; react-hook-form takes over in the browser). */
  defaults: GuestValues;
  count: number;
  config: GemeindeFormConfig;
  control: Control<StayValues>;
  register: UseFormRegister<StayValues>;
  errors: FieldErrors<StayValues>;
  serverErrors: Record<string, string>;
  countries: CountryOptions;
  m: Messages['form'];
  lang: Lang;
  onRemove: (index: number) => void;
  onCopyDates: (index: number) => void;
  onCopyAddress: (index: number) => void;
}

export function GuestCard(p: GuestCardProps) {
  const { index: i, m, register, defaults: d } = p;
  const [arrival, departure, nationality] = useWatch({
    control: p.control,
    name: [
      `guests.${i}.arrival`,
      `guests.${i}.departure`,
      `guests.${i}.fields.${NATIONALITY_FIELD}`,
    ],
  });
  const errorOf = (name: string): string | undefined =>
    (get(p.errors, name) as { message?: string } | undefined)?.message ?? p.serverErrors[name];
  const id = (suffix: string) => `g${i}-${suffix}`;
  const dateError = errorOf(`guests.${i}.arrival`) ?? errorOf(`guests.${i}.departure`);
  const title = fmt(m.guestN, { n: i + 1 });

  return (
    <fieldset
      className="guest-card rounded-lg border border-slate-300 bg-white p-4"
      data-testid={`guest-${i}`}
    >
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      <input type="hidden" defaultValue={d.id} {...register(`guests.${i}.id`)} />

      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset>
          <legend className="text-sm font-medium">{m.guestType}</legend>
          <div className="mt-1 flex flex-wrap gap-x-5">
            {(['person', 'gruppe'] as const).map((t) => (
              <label key={t} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={t}
                  data-guest-type={t}
                  defaultChecked={d.type === t}
                  className="size-5 accent-brand-700"
                  {...register(`guests.${i}.type`)}
                />
                {t === 'person' ? m.person : m.group}
              </label>
            ))}
          </div>
        </fieldset>

        <TariffSelect
          index={i}
          tarife={p.config.tarife}
          defaultValue={d.tarifId}
          register={register}
          label={m.tariff}
          choose={m.chooseObject}
          error={errorOf(`guests.${i}.tarifId`)}
        />

        <div className="group-only sm:col-span-2">
          <Field
            id={id('anzahl')}
            label={m.groupSize}
            required
            hint={m.groupHint}
            error={errorOf(`guests.${i}.anzahl`)}
          >
            {(described, invalid) => (
              <input
                id={id('anzahl')}
                type="text"
                inputMode="numeric"
                className={`${CONTROL} max-w-40`}
                aria-invalid={invalid}
                aria-describedby={described}
                aria-required="true"
                defaultValue={d.anzahl}
                {...register(`guests.${i}.anzahl`)}
              />
            )}
          </Field>
        </div>

        <details
          className="rounded-md border border-slate-200 p-3 sm:col-span-2"
          open={!!dateError || undefined}
        >
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium">
            {m.stay}: {formatDate(arrival, p.lang)} – {formatDate(departure, p.lang)}
          </summary>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <Field
              id={id('arrival')}
              label={m.guestArrival}
              required
              error={errorOf(`guests.${i}.arrival`)}
            >
              {(described, invalid) => (
                <input
                  id={id('arrival')}
                  type="date"
                  className={CONTROL}
                  aria-invalid={invalid}
                  aria-describedby={described}
                  aria-required="true"
                  defaultValue={d.arrival}
                  {...register(`guests.${i}.arrival`)}
                />
              )}
            </Field>
            <Field
              id={id('departure')}
              label={m.guestDeparture}
              required
              error={errorOf(`guests.${i}.departure`)}
            >
              {(described, invalid) => (
                <input
                  id={id('departure')}
                  type="date"
                  className={CONTROL}
                  aria-invalid={invalid}
                  aria-describedby={described}
                  aria-required="true"
                  defaultValue={d.departure}
                  {...register(`guests.${i}.departure`)}
                />
              )}
            </Field>
            {i > 0 ? (
              <button
                type="submit"
                name="intent"
                value={`copy-dates:${i}`}
                formNoValidate
                className={buttonClass('secondary', 'sm:col-span-2 sm:justify-self-start')}
                onClick={(e) => {
                  e.preventDefault();
                  p.onCopyDates(i);
                }}
              >
                {m.copyDates}
              </button>
            ) : null}
          </div>
        </details>

        <div className="person-only grid gap-4 sm:col-span-2 sm:grid-cols-2">
          {i > 0 ? (
            <button
              type="submit"
              name="intent"
              value={`copy-address:${i}`}
              formNoValidate
              className={buttonClass('secondary', 'sm:col-span-2 sm:justify-self-start')}
              onClick={(e) => {
                e.preventDefault();
                p.onCopyAddress(i);
              }}
            >
              {m.copyAddress}
            </button>
          ) : null}
          {p.config.fields.map((f) => (
            <FieldInput
              key={f.id}
              field={f}
              nationality={nationality}
              foreignOnlyHint={m.foreignOnlyHint}
              index={i}
              register={register}
              initial={d.fields[f.column_name]}
              error={errorOf(`guests.${i}.fields.${f.column_name}`)}
              countries={p.countries}
              chooseCountry={m.chooseCountry}
              commonCountries={m.commonCountries}
              allCountries={m.allCountries}
            />
          ))}
        </div>
      </div>

      {p.count > 1 ? (
        <div className="mt-4 border-t border-slate-200 pt-3">
          <button
            type="submit"
            name="intent"
            value={`remove-guest:${i}`}
            formNoValidate
            className={buttonClass('ghost', 'px-0 text-red-800')}
            onClick={(e) => {
              e.preventDefault();
              p.onRemove(i);
            }}
          >
            {fmt(m.removeGuest, { n: i + 1 })}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
