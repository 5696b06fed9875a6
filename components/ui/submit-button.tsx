'use client';
// A submit button that says what is happening while its form's server action runs.
import { useFormStatus } from 'react-dom';
import { buttonClass, type Variant } from './button';

export function SubmitButton({
  children,
  pendingLabel,
  variant = 'primary',
  className = '',
  name,
  value,
}: {
  children: React.ReactNode;
  pendingLabel: string;
  variant?: Variant;
  className?: string;
  name?: string;
  value?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={buttonClass(variant, className)}
      aria-disabled={pending}
      onClick={(e) => {
        // A second click while the first request runs would book twice.
        if (pending) e.preventDefault();
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
