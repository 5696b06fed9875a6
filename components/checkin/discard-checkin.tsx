// The landlord's "discard" on a check-in's review page. An invitation's party is discarded in one
// of two ways (issue 17): withdraw the invitation, so whoever sent cannot send again, or let the
// guests send anew through the same link. An object's code stays open either way. Without
// JavaScript each button leads to a confirmation page (`?bestaetigen=<choice>`).
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import type { DiscardChoice } from '@/lib/portal/checkin/submissions';
import type { Messages } from '@/lib/portal/i18n';
import type { CheckinMessages } from '@/lib/portal/i18n/checkin';

/** The confirmation page's query value for each choice. */
export const DISCARD_QUERY: Record<DiscardChoice, string> = {
  withdraw: 'zurueckziehen',
  reopen: 'erneut',
};

export function DiscardCheckin(p: {
  path: string;
  invitation: boolean;
  /** The choice confirmed without JavaScript (`?bestaetigen=…`), if any. */
  confirming: DiscardChoice | null;
  action: (choice: DiscardChoice) => (formData: FormData) => Promise<void>;
  a: CheckinMessages['admin'];
  m: Messages;
}) {
  const { a, m } = p;
  const choices: { choice: DiscardChoice; label: string; text: string }[] = p.invitation
    ? [
        { choice: 'withdraw', label: a.discardWithdraw, text: a.discardWithdrawText },
        { choice: 'reopen', label: a.discardReopen, text: a.discardReopenText },
      ]
    : [{ choice: 'reopen', label: a.discard, text: a.discardText }];
  const confirmed = choices.find((c) => c.choice === p.confirming);
  if (confirmed) {
    return (
      <form action={p.action(confirmed.choice)} className="space-y-3">
        <p>{confirmed.text}</p>
        <SubmitButton pendingLabel={m.form.pending} variant="danger">
          {confirmed.label}
        </SubmitButton>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap gap-3">
      {choices.map((c) => (
        <ConfirmDialog
          key={c.choice}
          triggerLabel={c.label}
          fallbackHref={`${p.path}?bestaetigen=${DISCARD_QUERY[c.choice]}`}
          title={a.discardTitle}
          text={c.text}
          confirmLabel={c.label}
          cancelLabel={a.keep}
          pendingLabel={m.form.pending}
          action={p.action(c.choice)}
          danger
        />
      ))}
    </div>
  );
}
