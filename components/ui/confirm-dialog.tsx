'use client';
// A confirmation before an action that cannot be undone. Without JavaScript the trigger is a link
// to a confirmation page (`fallbackHref`) with the same form; with it, a native modal <dialog>
// (focus trapping and Escape come with the element).
import { useId, useRef } from 'react';
import { buttonClass, type Variant } from './button';
import { SubmitButton } from './submit-button';

export interface ConfirmDialogProps {
  triggerLabel: string;
  triggerVariant?: Variant;
  fallbackHref: string;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  pendingLabel: string;
  action: (formData: FormData) => void | Promise<void>;
  danger?: boolean;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  return (
    <>
      <a
        href={p.fallbackHref}
        className={buttonClass(p.triggerVariant ?? 'secondary')}
        onClick={(e) => {
          e.preventDefault();
          ref.current?.showModal();
        }}
      >
        {p.triggerLabel}
      </a>
      <dialog
        ref={ref}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <form action={p.action} className="p-5">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {p.title}
          </h2>
          <p id={`${id}-text`} className="mt-2 text-sm text-slate-800">
            {p.text}
          </p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              autoFocus
              className={buttonClass('secondary')}
              onClick={() => ref.current?.close()}
            >
              {p.cancelLabel}
            </button>
            <SubmitButton variant={p.danger ? 'danger' : 'primary'} pendingLabel={p.pendingLabel}>
              {p.confirmLabel}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
