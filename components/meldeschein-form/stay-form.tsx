'use client';
// The registration form (new and edit). react-hook-form holds the values and validates with the
// zod schema built from the municipality's field definitions; the server action validates again
// with the same schema and books. Without JavaScript the same form posts as plain HTML, and the
// add/remove/copy buttons are handled by the action.
import {
  startTransition,
  useActionState,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { get, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/submit-button';
import { buttonClass } from '@/components/ui/button';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import type { CountryOptions } from '@/lib/portal/config/countries';
import { summarizeErrors } from '@/lib/portal/guest-form/error-summary';
import { followStayDates } from '@/lib/portal/guest-form/intents';
import { buildStaySchema } from '@/lib/portal/guest-form/schema';
import { formWarnings } from '@/lib/portal/guest-form/warnings';
import { emptyGuest, type StayValues } from '@/lib/portal/guest-form/values';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import { berlinToday } from '@/lib/wire/time';
import { copyAddressInForm, useStayResolver } from './form-helpers';
import { GuestCard } from './guest-card';
import { StayFields, type ObjectOption } from './stay-fields';
import type { StayFormAction, StayFormState } from '@/lib/portal/guest-form/state';

export interface StayFormProps {
  mode: 'new' | 'edit';
  action: StayFormAction;
  config: GemeindeFormConfig;
  objects: ObjectOption[];
  initialValues: StayValues;
  countries: CountryOptions;
  m: Messages;
  lang: Lang;
  restored?: boolean;
  /** Names of guests of the saved form, by id (edit: to list the ones being removed). */
  savedGuests?: Record<string, string>;
  cancelHref?: string;
  /** Idempotency key: one booking or update per rendered form, however often it is sent. */
  requestId: string;
  /** Today in Berlin from the server, so the warnings agree with the service's. */
  today?: string;
}

export function StayForm(p: StayFormProps) {
  const { m, config } = p;
  const [state, formAction, pending] = useActionState<StayFormState, FormData>(p.action, {
    status: 'idle',
    values: p.initialValues,
  });
  const schema = useMemo(
    () =>
      buildStaySchema(config, m, { mode: p.mode, objektIds: p.objects.map((o) => String(o.id)) }),
    [config, m, p.mode, p.objects],
  );
  const resolver = useStayResolver(schema);
  // Validate on the first submit, then on every change: validating on blur would flag a whole
  // new guest the moment it is added (react-hook-form validates the array on append).
  const defaults = state.values ?? p.initialValues;
  const form = useForm<StayValues>({
    defaultValues: defaults,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register, formState, setValue, getValues, setError } = form;
  const guests = useFieldArray({ control, name: 'guests', keyName: 'key' });
  const summary = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusLater = (id: string) =>
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  // Until the browser takes over, the server's errors are what a no-JavaScript page shows
  // (false while hydrating, true after: the server snapshot vs the client one).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const serverErrors = hydrated ? {} : (state.fieldErrors ?? {});

  // A new answer from the action: its field errors go onto the fields, the summary gets focus.
  useEffect(() => {
    if (!state.nonce) return;
    for (const [name, message] of Object.entries(state.fieldErrors ?? {})) {
      setError(name as Parameters<typeof setError>[0], { type: 'server', message });
    }
    if (state.status !== 'idle') summary.current?.focus();
  }, [state, setError]);

  // Guests follow the stay's dates until they get dates of their own (new and edit alike: an
  // early departure is one change for everybody).
  const [arrival, departure] = useWatch({ control, name: ['arrival', 'departure'] });
  const previous = useRef({ arrival, departure });
  useEffect(() => {
    const followed = followStayDates(getValues(), previous.current);
    followed.guests.forEach((g, i) => {
      if (g.arrival !== getValues(`guests.${i}.arrival`))
        setValue(`guests.${i}.arrival`, g.arrival);
      if (g.departure !== getValues(`guests.${i}.departure`))
        setValue(`guests.${i}.departure`, g.departure);
    });
    previous.current = { arrival, departure };
  }, [arrival, departure, getValues, setValue]);

  // The service's pre-checks, live: warnings, never a reason not to book.
  const watched = useWatch({ control }) as StayValues;
  const objektId = watched.objektId ?? defaults.objektId;
  const warnings = formWarnings(
    { ...defaults, ...watched, guests: watched.guests ?? defaults.guests },
    {
      config,
      beds: p.objects.find((o) => String(o.id) === objektId)?.beds,
      today: p.today ?? berlinToday(),
    },
    m,
  );

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    void form.handleSubmit(
      () => {
        const data = new FormData(element);
        data.set('intent', 'submit');
        startTransition(() => formAction(data));
      },
      () => summary.current?.focus(),
    )(e);
  };

  const clientErrors = Object.keys(formState.errors).length > 0 && formState.isSubmitted;
  const errorList = summarizeErrors(
    collectErrors(formState.errors, serverErrors),
    getValues() ?? defaults,
    config,
    m.form,
  );
  const headline =
    state.status !== 'idle' && state.message
      ? state.message
      : clientErrors
        ? m.form.errorSummary
        : undefined;
  const removed = p.savedGuests
    ? Object.entries(p.savedGuests)
        .filter(([id]) => !guests.fields.some((g) => g.id === id))
        .map(([, name]) => name)
    : [];

  return (
    <form
      action={formAction}
      onSubmit={submit}
      noValidate
      className="space-y-6"
      data-hydrated={hydrated || undefined}
    >
      <input type="hidden" name="requestId" value={p.requestId} />
      <div ref={summary} tabIndex={-1} aria-live="polite" className="focus:outline-none">
        {headline ? (
          <Notice tone="error" live={false} title={headline}>
            {errorList.length || state.details?.length ? (
              <ul className="list-disc pl-5">
                {errorList.map((e) => (
                  <li key={e.name}>
                    <a className="underline" href={`#${e.target}`}>
                      {e.text}
                    </a>
                  </li>
                ))}
                {/* Worded like the entries above: guest, field, the code's sentence. */}
                {(state.details ?? []).map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
          </Notice>
        ) : p.restored ? (
          <Notice tone="info">{m.form.draftRestored}</Notice>
        ) : null}
      </div>

      <StayFields
        mode={p.mode}
        objects={p.objects}
        register={register}
        errors={formState.errors}
        serverErrors={serverErrors}
        defaults={defaults}
        m={m.form}
      />

      <section aria-labelledby="gaeste" className="space-y-4">
        <h2 id="gaeste" className="text-xl font-semibold">
          {m.form.guests}
        </h2>
        {guests.fields.map((g, i) => (
          <GuestCard
            key={g.key}
            index={i}
            defaults={g}
            count={guests.fields.length}
            config={config}
            control={control}
            register={register}
            errors={formState.errors}
            serverErrors={serverErrors}
            countries={p.countries}
            m={m.form}
            lang={p.lang}
            onRemove={(index) => {
              guests.remove(index);
              requestAnimationFrame(() => addButton.current?.focus());
            }}
            onCopyAddress={(index) => copyAddressInForm(form, index, config)}
            onCopyDates={(index) => {
              setValue(`guests.${index}.arrival`, getValues('guests.0.arrival'), {
                shouldValidate: formState.isSubmitted,
              });
              setValue(`guests.${index}.departure`, getValues('guests.0.departure'), {
                shouldValidate: formState.isSubmitted,
              });
            }}
          />
        ))}
        {removed.length ? (
          <Notice tone="warning">{fmt(m.form.removedGuests, { names: removed.join(', ') })}</Notice>
        ) : null}
        <button
          ref={addButton}
          type="submit"
          name="intent"
          value="add-guest"
          formNoValidate
          className={buttonClass('secondary')}
          onClick={(e) => {
            e.preventDefault();
            const first = getValues('guests.0');
            const dates = {
              arrival: first?.arrival || getValues('arrival'),
              departure: first?.departure || getValues('departure'),
            };
            guests.append(emptyGuest(config, dates), { shouldFocus: false });
            // Focus the new guest's first field, so typing can go on at once.
            const firstField = config.fields[0];
            focusLater(
              firstField
                ? `g${guests.fields.length}-${firstField.column_name}`
                : `g${guests.fields.length}-tarif`,
            );
          }}
        >
          + {m.form.addGuest}
        </button>
      </section>

      {warnings.length ? (
        <Notice tone="warning" title={m.form.warningsTitle}>
          <ul className="list-disc pl-5" data-testid="form-warnings">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Notice>
      ) : null}

      <div className="flex flex-col-reverse gap-2 border-t border-slate-300 pt-4 sm:flex-row sm:justify-end">
        {p.cancelHref ? (
          <a href={p.cancelHref} className={buttonClass('secondary')}>
            {m.form.cancelEdit}
          </a>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="submit"
          className={buttonClass('primary')}
          aria-disabled={pending}
        >
          {pending ? <Spinner /> : null}
          {pending ? m.form.pending : p.mode === 'new' ? m.form.submitNew : m.form.submitEdit}
        </button>
      </div>
    </form>
  );
}

const noSubscription = () => () => {};

function collectErrors(errors: object, server: Record<string, string>): Record<string, string> {
  const out = new Map<string, string>(Object.entries(server));
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const message = get(node, 'message') as unknown;
    if (typeof message === 'string' && 'type' in node) {
      out.set(path.join('.'), message);
      return;
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'ref') walk(v, [...path, k]);
  };
  walk(errors, []);
  return Object.fromEntries(out);
}
