// One traveller on the guest's check-in form: tariff (when the municipality has a choice) and the
// municipality's fields through the landlord form's field renderer, with big touch targets; the
// first traveller (the guest filling in) may let the phone fill in their own data. Server-rendered,
// no hooks: the buttons post the form and the server answers (decision 022).
import { FieldInput } from '@/components/meldeschein-form/field-input';
import { TariffSelect } from '@/components/meldeschein-form/tariff-select';
import { buttonClass } from '@/components/ui/button';
import { autofillToken } from '@/lib/portal/checkin/autofill';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import type { CountryOptions } from '@/lib/portal/config/countries';
import type { GuestValues } from '@/lib/portal/guest-form/values';
import { fmt } from '@/lib/portal/i18n';
import type { FormWords, GuestPages } from '@/lib/portal/i18n/guest/pages';
import { NATIONALITY_FIELD } from '@/lib/wire/foreign-guests';

export interface GuestEntryProps {
  index: number;
  guest: GuestValues;
  config: GemeindeFormConfig;
  /** The server's field errors of the whole form (`guests.1.fields.Gast_Name` -> message). */
  errors: Record<string, string>;
  countries: CountryOptions;
  canCopyAddress: boolean;
  /** What gets focus when the page loads: the first field (just added) or the copy button (just used). */
  focus?: 'first-field' | 'copy-address';
  m: FormWords;
  c: GuestPages['checkin'];
  /** The party's other travellers (index and how the guest knows them), for "travels with". */
  others: { index: number; label: string }[];
}

export function GuestEntry(p: GuestEntryProps) {
  const { index: i, guest: g, config, m, c } = p;
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
          autoFocus={p.focus === 'copy-address'}
          className={buttonClass('secondary', 'min-h-12 w-full')}
        >
          {c.copyAddress}
        </button>
      ) : null}
      {config.tarife.length > 1 ? (
        <TariffSelect
          index={i}
          tarife={config.tarife}
          defaultValue={g.tarifId}
          label={m.form.tariff}
          choose={m.form.chooseObject}
          hint={c.tariffHint}
          error={p.errors[`guests.${i}.tarifId`]}
          fullNames
        />
      ) : (
        <input type="hidden" name={`guests.${i}.tarifId`} defaultValue={g.tarifId} />
      )}
      <div className="grid gap-4">
        {config.fields.map((f, n) => (
          <FieldInput
            key={f.id}
            field={f}
            // A foreign-only field is required once a foreign nationality was sent.
            nationality={g.fields[NATIONALITY_FIELD]}
            foreignOnlyHint={m.form.foreignOnlyHint}
            index={i}
            initial={g.fields[f.column_name]}
            error={p.errors[`guests.${i}.fields.${f.column_name}`]}
            countries={p.countries}
            chooseCountry={m.form.chooseCountry}
            commonCountries={m.form.commonCountries}
            allCountries={m.form.allCountries}
            autoComplete={i === 0 ? autofillToken(f) : undefined}
            autoFocus={p.focus === 'first-field' && n === 0}
          />
        ))}
      </div>
      {p.others.length ? (
        <div className="space-y-1">
          <label htmlFor={`guests.${i}.relation`} className="block font-medium">
            {c.relation}
          </label>
          <p id={`guests.${i}.relation-help`} className="text-sm text-slate-700">
            {c.relationHelp}
          </p>
          <select
            id={`guests.${i}.relation`}
            name={`guests.${i}.relation`}
            defaultValue={g.relation ?? ''}
            aria-describedby={`guests.${i}.relation-help`}
            className="min-h-12 w-full rounded-md border border-slate-400 bg-white px-3"
          >
            <option value="">{c.relationNone}</option>
            {p.others.flatMap((o) => [
              <option key={`p${o.index}`} value={`partner:${o.index}`}>
                {fmt(c.relationPartner, { who: o.label })}
              </option>,
              <option key={`c${o.index}`} value={`child:${o.index}`}>
                {fmt(c.relationChild, { who: o.label })}
              </option>,
            ])}
          </select>
        </div>
      ) : null}
      {i > 0 ? (
        <button
          type="submit"
          name="intent"
          value={`remove-guest:${i}`}
          formNoValidate
          className={buttonClass('ghost', 'px-0 text-red-800')}
        >
          {fmt(m.form.removeGuest, { n: i + 1 })}
        </button>
      ) : null}
    </fieldset>
  );
}
