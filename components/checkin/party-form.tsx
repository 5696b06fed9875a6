// The guest's check-in form on a phone: every traveller with the municipality's fields (the
// landlord form's field renderer), one button to copy guest 1's address, a summary before sending.
// Rendered on the server for the step the server answered (decision 022): every button posts the
// form to the page, which applies it, validates, shows the summary or saves. No hooks, no script.
import { buttonClass } from '@/components/ui/button';
import { CONTROL, Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { partyWarnings } from '@/lib/portal/checkin/party';
import type { CheckinStep } from '@/lib/portal/checkin/state';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import type { CountryOptions } from '@/lib/portal/config/countries';
import { fmt } from '@/lib/portal/i18n';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import type { FormWords, GuestPages } from '@/lib/portal/i18n/guest/pages';
import { GuestEntry } from './guest-entry';
import { PartySummary } from './party-summary';

export interface PartyFormProps {
  /** Where the form posts: the page itself. */
  action: string;
  config: GemeindeFormConfig;
  /** An object's code: the guest enters the dates; an invitation brings them. */
  askDates: boolean;
  step: CheckinStep;
  maxGuests: number;
  addressFields: string[];
  countries: CountryOptions;
  correcting: boolean;
  /** Today in Berlin (YYYY-MM-DD), for the summary's warnings. */
  today: string;
  m: FormWords;
  c: GuestPages['checkin'];
  lang: GuestLang;
}

/** Which traveller the last button was about, and how: the page puts focus there. */
function focusOf(step: CheckinStep): { guest: number; on: 'first-field' | 'copy-address' } | null {
  if (step.status !== 'idle' || !step.intent) return null;
  if (step.intent === 'add-guest')
    return { guest: step.values.guests.length - 1, on: 'first-field' };
  const copied = /^copy-address:(\d+)$/.exec(step.intent);
  return copied ? { guest: Number(copied[1]), on: 'copy-address' } : null;
}

export function PartyForm(p: PartyFormProps) {
  const { m, c, config, step } = p;
  const { values } = step;
  const errors = step.fieldErrors ?? {};
  const reviewing = step.status === 'review';
  const headline = step.status === 'error' || step.status === 'invalid' ? step.message : undefined;
  // The answer's news (errors, the summary, back to editing) is read first.
  const focusTop = step.status !== 'idle' || step.intent === 'edit';
  const focus = focusOf(step);
  const copied = focus?.on === 'copy-address' ? focus.guest : -1;

  return (
    <form method="post" action={p.action} noValidate className="space-y-6">
      {reviewing ? null : (
        // Enter in a field submits with the form's first submit button: this one, "check".
        <button type="submit" name="intent" value="review" hidden tabIndex={-1}>
          {c.review}
        </button>
      )}
      <div tabIndex={-1} autoFocus={focusTop} className="focus:outline-none">
        {headline && !reviewing ? (
          <Notice tone="error" live={false} title={headline} />
        ) : p.correcting && !reviewing ? (
          <Notice tone="info" live={false}>
            {c.correcting}
          </Notice>
        ) : null}
        {reviewing ? (
          <PartySummary
            values={values}
            warnings={partyWarnings(values, config, m, p.today)}
            config={config}
            countries={p.countries}
            c={c}
            m={m}
            lang={p.lang}
            askDates={p.askDates}
          />
        ) : null}
      </div>

      <input type="hidden" name="objektId" defaultValue={values.objektId} />
      {/* Hidden, not left out, while the summary shows: sending posts the party once more. */}
      <div hidden={reviewing} className="space-y-6">
        {p.askDates ? (
          <fieldset className="grid gap-4 rounded-lg border border-slate-300 bg-white p-4">
            <legend className="px-1 text-lg font-semibold">{c.yourStay}</legend>
            {(['arrival', 'departure'] as const).map((name) => (
              <Field key={name} id={name} label={c[name]} required error={errors[name]}>
                {(described, invalid) => (
                  <input
                    id={name}
                    name={name}
                    type="date"
                    className={CONTROL}
                    aria-invalid={invalid}
                    aria-describedby={described}
                    aria-required="true"
                    defaultValue={values[name]}
                  />
                )}
              </Field>
            ))}
          </fieldset>
        ) : (
          <>
            <input type="hidden" name="arrival" defaultValue={values.arrival} />
            <input type="hidden" name="departure" defaultValue={values.departure} />
          </>
        )}

        <section aria-labelledby="reisende" className="space-y-4">
          <h2 id="reisende" className="text-xl font-semibold">
            {c.party}
          </h2>
          <p className="text-sm text-slate-700">{fmt(c.maxGuests, { n: p.maxGuests })}</p>
          {values.guests.map((g, i) => (
            <GuestEntry
              key={i}
              index={i}
              guest={g}
              config={config}
              errors={errors}
              countries={p.countries}
              canCopyAddress={i > 0 && p.addressFields.length > 0}
              focus={focus?.guest === i ? focus.on : undefined}
              m={m}
              c={c}
              others={values.guests.flatMap((o, j) => {
                if (j === i) return [];
                const name = [o.fields.Gast_Vorname, o.fields.Gast_Name]
                  .filter((v): v is string => typeof v === 'string' && !!v.trim())
                  .join(' ');
                return [{ index: j, label: name || fmt(m.form.guestN, { n: j + 1 }) }];
              })}
            />
          ))}
          {copied >= 0 ? (
            <p role="status" className="sr-only">
              {`${c.addressCopied} (${fmt(m.form.guestN, { n: copied + 1 })})`}
            </p>
          ) : null}
          {values.guests.length < p.maxGuests ? (
            <button
              type="submit"
              name="intent"
              value="add-guest"
              formNoValidate
              className={buttonClass('secondary', 'w-full')}
            >
              + {m.form.addGuest}
            </button>
          ) : null}
        </section>
      </div>

      <div className="flex flex-col gap-3 border-t border-slate-300 pt-4">
        {reviewing ? (
          <>
            <button
              type="submit"
              name="intent"
              value="send"
              className={buttonClass('primary', 'min-h-12 w-full text-base')}
            >
              {p.correcting ? c.sendCorrection : c.send}
            </button>
            <button
              type="submit"
              name="intent"
              value="edit"
              formNoValidate
              className={buttonClass('secondary', 'min-h-12 w-full text-base')}
            >
              {c.change}
            </button>
          </>
        ) : (
          <button
            type="submit"
            name="intent"
            value="review"
            className={buttonClass('primary', 'min-h-12 w-full text-base')}
          >
            {c.review}
          </button>
        )}
      </div>
    </form>
  );
}
