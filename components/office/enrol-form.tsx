'use client';
// First sign-in of a staff account: the QR code and key of its new TOTP secret, a code from the app
// to prove it was taken over; then the recovery codes, shown once. Props only.
import { useActionState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import type { OfficeFormState } from './office-form';

export interface EnrolState extends OfficeFormState {
  codes?: string[];
  next?: string;
}

export interface EnrolLabels {
  intro: string;
  qrAlt: string;
  secret: string;
  label: string;
  submit: string;
  pending: string;
  codesTitle: string;
  codesIntro: string;
  continue: string;
}

export function EnrolForm({
  action,
  qrDataUrl,
  secret,
  labels,
}: {
  action: (state: EnrolState, form: FormData) => Promise<EnrolState>;
  /** Null once the account has enrolled: the secret is not shown again. */
  qrDataUrl: string | null;
  secret: string | null;
  labels: EnrolLabels;
}) {
  const [state, formAction] = useActionState(action, {});
  if (state.codes) {
    return (
      <section aria-labelledby="codes-title" className="space-y-3">
        <h2 id="codes-title" className="text-lg font-semibold">
          {labels.codesTitle}
        </h2>
        <p className="text-sm">{labels.codesIntro}</p>
        <ul
          className="grid grid-cols-1 gap-1 font-mono text-base whitespace-nowrap"
          data-testid="recovery-codes"
        >
          {state.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <a href={state.next ?? '/verwaltung'} className={buttonClass('primary')}>
          {labels.continue}
        </a>
      </section>
    );
  }
  if (!qrDataUrl || !secret) return null;
  return (
    <div className="space-y-4">
      <p className="text-sm">{labels.intro}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
      <img src={qrDataUrl} alt={labels.qrAlt} width={200} height={200} className="mx-auto" />
      <p className="text-sm">
        {labels.secret}:{' '}
        <code className="break-all font-mono" data-testid="totp-secret">
          {secret}
        </code>
      </p>
      <form action={formAction} className="space-y-4" noValidate>
        <Field id="enrol-code" label={labels.label} required error={state.error}>
          {(describedBy, invalid) => (
            <TextInput
              id="enrol-code"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              aria-required
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            />
          )}
        </Field>
        <SubmitButton pendingLabel={labels.pending}>{labels.submit}</SubmitButton>
      </form>
    </div>
  );
}
