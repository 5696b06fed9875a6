'use client';
// One traveller on the guest's check-in form: tariff (when the municipality has a choice) and the
// municipality's fields through the landlord form's field renderer, with big touch targets; the
// first traveller (the guest filling in) may let the phone fill in their own data.
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { FieldInput } from '@/components/meldeschein-form/field-input';
import { TariffSelect } from '@/components/meldeschein-form/tariff-select';
import { buttonClass } from '@/components/ui/button';
import { autofillToken } from '@/lib/portal/checkin/autofill';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import type { CountryOptions } from '@/lib/portal/config/countries';
import type { GuestValues, StayValues } from '@/lib/portal/guest-form/values';
import { fmt, type Messages } from '@/lib/portal/i18n';
import type { CheckinMessages } from '@/lib/portal/i18n/checkin';
import { NATIONALITY_FIELD } from '@/lib/wire/foreign-guests';

export interface GuestEntryProps {
  index: number;
  defaults: GuestValues;
  config: GemeindeFormConfig;
  control: Control<StayValues>;
  register: UseFormRegister<StayValues>;
  errorOf: (name: string) => string | undefined;
  countries: CountryOptions;
  canCopyAddress: boolean;
  m: Messages;
  c: CheckinMessages['guest'];
  onCopyAddress: () => void;
  onRemove: () => void;
}

export function GuestEntry(p: GuestEntryProps) {
  const { index: i, defaults: g, config, register, m, c } = p;
  // A foreign-only field becomes required once a foreign nationality is chosen.
  const nationality = useWatch({
    control: p.control,
    name: `guests.${i}.fields.${NATIONALITY_FIELD}`,
  });
  return (
    <fieldset
      className="guest-card space-y-4 rounded-lg border border-slate-300 bg-white p-4"
      data-testid={`guest-${i}`}
    >
      <legend className="px-1 text-lg font-semibold">{fmt(m.form.guestN, { n: i + 1 })}</legend>
      {p.canCopyAddress ? (
        <button
          type="submit"
          name="intent"
          value={`copy-address:${i}`}
          formNoValidate
          className={buttonClass('secondary', 'min-h-12 w-full')}
          onClick={(e) => {
            e.preventDefault();
            p.onCopyAddress();
          }}
        >
          {c.copyAddress}
        </button>
      ) : null}
      {config.tarife.length > 1 ? (
        <TariffSelect
          index={i}
          tarife={config.tarife}
          defaultValue={g.tarifId}
          register={register}
          label={m.form.tariff}
          choose={m.form.chooseObject}
          hint={c.tariffHint}
          error={p.errorOf(`guests.${i}.tarifId`)}
          fullNames
        />
      ) : (
        <input type="hidden" defaultValue={g.tarifId} {...register(`guests.${i}.tarifId`)} />
      )}
      <div className="grid gap-4">
        {config.fields.map((f) => (
          <FieldInput
            key={f.id}
            field={f}
            nationality={nationality}
            foreignOnlyHint={m.form.foreignOnlyHint}
            index={i}
            register={register}
            initial={g.fields[f.column_name]}
            error={p.errorOf(`guests.${i}.fields.${f.column_name}`)}
            countries={p.countries}
            chooseCountry={m.form.chooseCountry}
            commonCountries={m.form.commonCountries}
            allCountries={m.form.allCountries}
            autoComplete={i === 0 ? autofillToken(f) : undefined}
          />
        ))}
      </div>
      {i > 0 ? (
        <button
          type="submit"
          name="intent"
          value={`remove-guest:${i}`}
          formNoValidate
          className={buttonClass('ghost', 'px-0 text-red-800')}
          onClick={(e) => {
            e.preventDefault();
            p.onRemove();
          }}
        >
          {fmt(m.form.removeGuest, { n: i + 1 })}
        </button>
      ) : null}
    </fieldset>
  );
}
