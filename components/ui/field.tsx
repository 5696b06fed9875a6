// A labelled form control with hint and error wired up for assistive technology: the error is
// referenced by aria-describedby and marks the control aria-invalid. No hooks: usable anywhere.
import type { ComponentProps, ReactNode } from 'react';

export const CONTROL =
  'mt-1 block w-full min-h-11 rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 ' +
  'focus:border-brand-700 focus:outline-3 focus:outline-offset-0 focus:outline-brand-600/40 ' +
  'aria-invalid:border-red-700';

export interface FieldProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function Field({ id, label, required, hint, error, className = '', children }: FieldProps) {
  return (
    <div className={className}>
      {/* The asterisk stays outside the label: the accessible name is the field's name alone,
          and aria-required on the control says it is required. */}
      <div className="text-sm font-medium text-slate-900">
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      {children(describedBy(id, !!hint, !!error), !!error)}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  );
}

export function TextInput(props: ComponentProps<'input'>) {
  return <input {...props} className={`${CONTROL} ${props.className ?? ''}`} />;
}

export function Select(props: ComponentProps<'select'>) {
  return <select {...props} className={`${CONTROL} ${props.className ?? ''}`} />;
}
