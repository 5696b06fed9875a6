'use client';
// A submit button that says what is happening while its form's server action runs.
import { useFormStatus } from 'react-dom';
import { buttonClass, type Variant } from './button';

type Action = (formData: FormData) => void | Promise<void>;

export function SubmitButton({
  children,
  pendingLabel,
  variant = 'primary',
  className = '',
  name,
  value,
  formAction,
}: {
  children: React.ReactNode;
  pendingLabel: string;
  variant?: Variant;
  className?: string;
  name?: string;
  value?: string;
  /** This button's own action, where its form has buttons for several: only it says "pending". */
  formAction?: Action;
}) {
  const status = useFormStatus();
  const pending = status.pending && (!formAction || status.action === formAction);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      className={buttonClass(variant, className)}
      aria-disabled={pending}
      onClick={(e) => {
        // A second click while the first request runs would book twice.
        if (status.pending) e.preventDefault();
      }}
    >
      {pending ? <Spinner /> : null}
      <span>{pending ? pendingLabel : children}</span>
    </button>
  );
}

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
    />
  );
}
