// What a landlord can do with a form, offered only where its state and their permissions allow.
import { cancelStay, reprintCard } from '@/lib/portal/compose/stay-actions';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import type { PortalForm } from '@/lib/portal/api/client';
import { can } from '@/lib/portal/config/view';
import { formatDateTime } from '@/lib/portal/format';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import type { CurrentUserResponse } from '@/lib/wire/config';
import { PendingLink } from '@/components/ui/pending-link';

export function StayActions({
  formId,
  form,
  config,
  m,
  lang,
  card,
}: {
  formId: number;
  form: PortalForm;
  config: CurrentUserResponse;
  m: Messages;
  lang: Lang;
  /** The stored guest card: when it was fetched, and whether the form changed since. */
  card?: { fetchedAt: Date; outdated: boolean };
}) {
  const d = m.detail;
  const base = `/aufenthalte/${formId}`;
  const changeable = form.state === 'draft' || form.state === 'printed';
  const printable = form.state !== 'cancelled';
  const mayEdit = changeable && can(config, 'meldeschein.change_meldeschein');
  const mayPrint = printable && can(config, 'meldeschein.print_kurkarte');
  const mayCancel = form.state !== 'cancelled' && can(config, 'meldeschein.storno_meldeschein');
  const id = String(formId);
  const outdated = printable && !!card?.outdated;
  const reprint = (
    <ConfirmDialog
      triggerLabel={d.reprint}
      // An outdated card is replaced by the reprint: then it is the page's main action.
      triggerVariant={outdated ? 'primary' : 'secondary'}
      fallbackHref={`${base}/nachdruck`}
      title={d.reprintTitle}
      text={outdated ? d.reprintOutdatedText : d.reprintText}
      confirmLabel={d.reprintConfirm}
      cancelLabel={d.keep}
      pendingLabel={m.form.pending}
      action={reprintCard.bind(null, id)}
    />
  );

  return (
    <section aria-labelledby="aktionen" className="space-y-3 border-t border-slate-300 pt-4">
      <h2 id="aktionen" className="text-xl font-semibold">
        {d.actions}
      </h2>
      {!changeable ? (
        <Notice tone="info" live={false}>
          {fmt(d.notChangeable, { state: m.states[form.state] })}
        </Notice>
      ) : null}
      {outdated && card ? (
        <Notice tone="warning" title={d.cardOutdatedTitle} live={false}>
          <span data-testid="card-outdated">
            {fmt(d.cardOutdated, { date: formatDateTime(card.fetchedAt, lang) })}
          </span>
        </Notice>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {mayEdit ? (
          <PendingLink href={`${base}/bearbeiten`} className={buttonClass('secondary')}>
            {d.edit}
          </PendingLink>
        ) : null}
        {mayPrint && !outdated && card ? (
          // The stored copy: a plain link (no prefetch), served without a new print.
          <a href={`${base}/kurkarte`} className={buttonClass('primary')}>
            {d.downloadAgain}
          </a>
        ) : null}
        {mayPrint && !card ? (
          // The first download is a print at the municipality: a post from this page, never a
          // link another site could send. The answer is an attachment, so the page stays; a
          // refusal comes back here with the reason. Works without JavaScript.
          <form method="post" action={`${base}/kurkarte`}>
            <button type="submit" className={`${buttonClass('primary')} w-full sm:w-auto`}>
              {d.download}
            </button>
          </form>
        ) : null}
        {mayPrint && card ? reprint : null}
        {mayCancel ? (
          <ConfirmDialog
            triggerLabel={d.cancel}
            fallbackHref={`${base}/stornieren`}
            title={d.cancelTitle}
            text={fmt(d.cancelText, { nr: form.meldescheinnummer })}
            confirmLabel={d.cancelConfirm}
            cancelLabel={d.keep}
            pendingLabel={m.form.pending}
            action={cancelStay.bind(null, id)}
            danger
          />
        ) : null}
      </div>
      {card && printable && !outdated ? (
        <p className="text-sm text-slate-700">
          {fmt(d.printedAt, { date: formatDateTime(card.fetchedAt, lang) })}
        </p>
      ) : null}
      {!printable ? <p className="text-sm text-slate-700">{d.notPrintable}</p> : null}
    </section>
  );
}
