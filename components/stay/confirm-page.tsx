// The confirmation as a page of its own, for browsers without JavaScript (the dialog's fallback).
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';

export function ConfirmPage({
  title,
  text,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  backHref,
  action,
  danger,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  pendingLabel: string;
  backHref: string;
  action: () => Promise<void>;
  danger?: boolean;
}) {
  return (
    <form
      action={action}
      className="max-w-lg space-y-4 rounded-lg border border-slate-300 bg-white p-5"
    >
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>{text}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link href={backHref} className={buttonClass('secondary')}>
          {cancelLabel}
        </Link>
        <SubmitButton variant={danger ? 'danger' : 'primary'} pendingLabel={pendingLabel}>
          {confirmLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
