'use client';
// The guest's check-in form on a phone: every traveller with the municipality's fields (the
// landlord form's field renderer and schema), one tap to copy guest 1's address, a summary before
// sending. Without JavaScript the same form posts and the action answers each step.
import {
  startTransition,
  useActionState,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { get, useFieldArray, useForm } from 'react-hook-form';
import { copyAddressInForm, useStayResolver } from '@/components/meldeschein-form/form-helpers';
import { buttonClass } from '@/components/ui/button';
import { CONTROL, Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/submit-button';
import type { CheckinFormAction, CheckinFormState } from '@/lib/portal/checkin/state';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import type { CountryOptions } from '@/lib/portal/config/countries';
import { buildStaySchema } from '@/lib/portal/guest-form/schema';
import { emptyGuest, type StayValues } from '@/lib/portal/guest-form/values';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import type { CheckinMessages } from '@/lib/portal/i18n/checkin';
import { GuestEntry } from './guest-entry';
import { PartySummary } from './party-summary';

export interface PartyFormProps {
  action: CheckinFormAction;
  config: GemeindeFormConfig;
  objektId: number;
  /** An object's code: the guest enters the dates; an invitation brings them. */
  askDates: boolean;
  initialValues: StayValues;
  maxGuests: number;
  addressFields: string[];
  countries: CountryOptions;
  correcting: boolean;
  m: Messages;
  c: CheckinMessages['guest'];
  lang: Lang;
}

const noSubscription = () => () => {};

/** The guests' dates are the stay's: set before the landlord form's schema checks them. */
const withDates = (v: StayValues): StayValues => ({
  ...v,
  guests: v.guests.map((g) => ({ ...g, arrival: v.arrival, departure: v.departure })),
});

export function PartyForm(p: PartyFormProps) {
  const { m, c, config } = p;
  const [state, formAction, pending] = useActionState<CheckinFormState, FormData>(p.action, {
    status: 'idle',
    values: p.initialValues,
  });
  const schema = useMemo(
    () => buildStaySchema(config, m, { mode: 'new', objektIds: [String(p.objektId)] }),
    [config, m, p.objektId],
  );
  const resolver = useStayResolver(schema, withDates);
  const defaults = state.values ?? p.initialValues;
  const form = useForm<StayValues>({
    defaultValues: defaults,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register, formState, getValues, setError } = form;
  const guests = useFieldArray({ control, name: 'guests', keyName: 'key' });
  const [step, setStep] = useState<'edit' | 'review'>(
    state.status === 'review' ? 'review' : 'edit',
  );
  // A new answer from the action decides the step (adjusted while rendering, not in an effect).
  const [seenNonce, setSeenNonce] = useState(state.nonce);
  if (state.nonce !== seenNonce) {
    setSeenNonce(state.nonce);
    setStep(state.status === 'review' ? 'review' : 'edit');
  }
  const [announce, setAnnounce] = useState('');
  // True once the browser runs the form (tests wait for it; the server snapshot says false).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const top = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!state.nonce) return;
    for (const [name, message] of Object.entries(state.fieldErrors ?? {})) {
      setError(name as Parameters<typeof setError>[0], { type: 'server', message });
    }
    if (state.status !== 'idle') top.current?.focus();
  }, [state, setError]);

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    if (step === 'review') {
      const data = new FormData(element);
      data.set('intent', 'send');
      startTransition(() => formAction(data));
      return;
    }
    void form.handleSubmit(
      () => {
        setStep('review');
        requestAnimationFrame(() => top.current?.focus());
      },
      () => top.current?.focus(),
    )(e);
  };

  const serverErrors = state.fieldErrors ?? {};
  const errorOf = (name: string): string | undefined =>
    (get(formState.errors, name) as { message?: string } | undefined)?.message ??
    (formState.isSubmitted ? undefined : serverErrors[name]);
  const clientInvalid = formState.isSubmitted && Object.keys(formState.errors).length > 0;
  const headline =
    state.status === 'error' || state.status === 'invalid'
      ? state.message
      : clientInvalid
        ? c.errors.summary
        : undefined;
  const reviewing = step === 'review';

  return (
    <form
      action={formAction}
      onSubmit={submit}
      noValidate
      className="space-y-6"
      data-hydrated={hydrated || undefined}
    >
      <div ref={top} tabIndex={-1} aria-live="polite" className="focus:outline-none">
        {headline && !reviewing ? (
          <Notice tone="error" live={false} title={headline} />
        ) : p.correcting && !reviewing ? (
          <Notice tone="info" live={false}>
            {c.correcting}
          </Notice>
        ) : null}
        {reviewing ? (
          <PartySummary
            values={getValues()}
            config={config}
            countries={p.countries}
            c={c}
            m={m}
            lang={p.lang}
            askDates={p.askDates}
          />
        ) : null}
      </div>

      <input type="hidden" {...register('objektId')} defaultValue={defaults.objektId} />
      <div hidden={reviewing} className="space-y-6">
        {p.askDates ? (
          <fieldset className="grid gap-4 rounded-lg border border-slate-300 bg-white p-4">
            <legend className="px-1 text-lg font-semibold">{c.yourStay}</legend>
            {(['arrival', 'departure'] as const).map((name) => (
              <Field key={name} id={name} label={c[name]} required error={errorOf(name)}>
                {(described, invalid) => (
                  <input
                    id={name}
                    type="date"
                    className={CONTROL}
                    aria-invalid={invalid}
                    aria-describedby={described}
                    aria-required="true"
                    defaultValue={defaults[name]}
                    {...register(name)}
                  />
                )}
              </Field>
            ))}
          </fieldset>
        ) : (
          <>
            <input type="hidden" {...register('arrival')} defaultValue={defaults.arrival} />
            <input type="hidden" {...register('departure')} defaultValue={defaults.departure} />
          </>
        )}

        <section aria-labelledby="reisende" className="space-y-4">
          <h2 id="reisende" className="text-xl font-semibold">
            {c.party}
          </h2>
          <p className="text-sm text-slate-700">{fmt(c.maxGuests, { n: p.maxGuests })}</p>
          {guests.fields.map((g, i) => (
            <GuestEntry
              key={g.key}
              index={i}
              defaults={g}
              config={config}
              control={control}
              register={register}
              errorOf={errorOf}
              countries={p.countries}
              canCopyAddress={i > 0 && p.addressFields.length > 0}
              m={m}
              c={c}
              onCopyAddress={() => {
                copyAddressInForm(form, i, config);
                setAnnounce(`${c.addressCopied} (${fmt(m.form.guestN, { n: i + 1 })})`);
              }}
              onRemove={() => guests.remove(i)}
            />
          ))}
          <p aria-live="polite" className="sr-only">
            {announce}
          </p>
          {guests.fields.length < p.maxGuests ? (
            <button
              type="submit"
              name="intent"
              value="add-guest"
              formNoValidate
              className={buttonClass('secondary', 'w-full')}
              onClick={(e) => {
                e.preventDefault();
                const n = guests.fields.length;
                guests.append(
                  emptyGuest(config, {
                    arrival: getValues('arrival'),
                    departure: getValues('departure'),
                  }),
                  { shouldFocus: false },
                );
                const first = config.fields[0];
                requestAnimationFrame(() =>
                  document
                    .getElementById(first ? `g${n}-${first.column_name}` : `g${n}-tarif`)
                    ?.focus(),
                );
              }}
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
              aria-disabled={pending}
            >
              {pending ? <Spinner /> : null}
              {pending ? c.sending : p.correcting ? c.sendCorrection : c.send}
            </button>
            <button
              type="submit"
              name="intent"
              value="edit"
              formNoValidate
              className={buttonClass('secondary', 'min-h-12 w-full text-base')}
              onClick={(e) => {
                e.preventDefault();
                setStep('edit');
                requestAnimationFrame(() => top.current?.focus());
              }}
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
            aria-disabled={pending}
          >
            {c.review}
          </button>
        )}
      </div>
    </form>
  );
}
