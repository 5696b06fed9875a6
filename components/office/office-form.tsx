'use client';
// One form of the office: labelled fields with their errors (aria-describedby, aria-invalid), a
// message in a live region, the server action's state kept by useActionState. Props only.
import { useActionState } from 'react';
import { Field, Select, TextInput } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';

export interface OfficeFormState {
  error?: string;
  errors?: Record<string, string>;
  message?: string;
  /** What was typed, answered with errors: React resets a form after its action, to these. */
  values?: Record<string, string>;
}

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'number';
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email';
  hint?: string;
  options?: { value: string; label: string }[];
  defaultValue?: string;
}

export function OfficeForm({
  id,
  action,
  fields,
  hidden = {},
  submit,
  pending,
}: {
  id: string;
  action: (state: OfficeFormState, form: FormData) => Promise<OfficeFormState>;
  fields: FieldSpec[];
  hidden?: Record<string, string>;
  submit: string;
  pending: string;
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div aria-live="polite">
        {state.error ? <Notice tone="error">{state.error}</Notice> : null}
        {state.message ? <Notice tone="success">{state.message}</Notice> : null}
      </div>
      {fields.map((f) => {
        const fieldId = `${id}-${f.name}`;
        const error = state.errors?.[f.name];
        return (
          <Field
            key={f.name}
            id={fieldId}
            label={f.label}
            required={f.required}
            hint={f.hint}
            error={error}
          >
            {(describedBy, invalid) =>
              f.options ? (
                <Select
                  id={fieldId}
                  name={f.name}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  aria-required={f.required || undefined}
                  defaultValue={state.values?.[f.name] ?? f.defaultValue}
                >
                  {f.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              ) : (
                <TextInput
                  id={fieldId}
                  name={f.name}
                  type={f.type ?? 'text'}
                  autoComplete={f.autoComplete}
                  inputMode={f.inputMode}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  aria-required={f.required || undefined}
                  defaultValue={state.values?.[f.name] ?? f.defaultValue}
                />
              )
            }
          </Field>
        );
      })}
      <SubmitButton pendingLabel={pending}>{submit}</SubmitButton>
    </form>
  );
}
