// One object's automatic invitations: on or off, and how many days before arrival. A plain form
// (works without JavaScript); the action comes as a prop.
import { Field, TextInput } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import type { MailMessages } from '@/lib/portal/i18n/mail';

export function AutoInviteForm(p: {
  objekt: { id: number; alias: string };
  autoInvite: boolean;
  daysBefore: number;
  action: (formData: FormData) => void | Promise<void>;
  saved: boolean;
  error?: string;
  m: MailMessages;
  pending: string;
}) {
  const a = p.m.auto;
  const id = `objekt-${p.objekt.id}`;
  return (
    <form
      id={id}
      action={p.action}
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      aria-labelledby={`${id}-name`}
      noValidate
    >
      <input type="hidden" name="returnTo" value="/postausgang" />
      <p id={`${id}-name`} className="font-semibold">
        {p.objekt.alias}{' '}
        <span className="text-sm font-normal text-slate-700">
          ({p.autoInvite ? a.state.on : a.state.off})
        </span>
      </p>
      {p.saved ? <Notice tone="success">{a.saved}</Notice> : null}
      <div className="flex min-h-11 items-center gap-2">
        <input
          id={`${id}-auto`}
          name="autoInvite"
          type="checkbox"
          defaultChecked={p.autoInvite}
          className="size-5 accent-brand-700"
        />
        <label htmlFor={`${id}-auto`}>{a.on}</label>
      </div>
      <Field id={`${id}-days`} label={a.days} hint={a.daysHint} error={p.error}>
        {(describedBy, invalid) => (
          <TextInput
            id={`${id}-days`}
            name="daysBefore"
            type="number"
            inputMode="numeric"
            min={0}
            max={60}
            defaultValue={p.daysBefore}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className="max-w-32"
          />
        )}
      </Field>
      <SubmitButton variant="secondary" pendingLabel={p.pending}>
        {a.save}
      </SubmitButton>
    </form>
  );
}
