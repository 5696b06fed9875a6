// A mail's state as a badge that always names it (colour is never the only signal), with the
// reason of a failure and when it was sent or will be tried again.
import { formatDateTime } from '@/lib/portal/format';
import { fmt, type Lang } from '@/lib/portal/i18n';
import type { MailMessages } from '@/lib/portal/i18n/mail';
import { reasonText } from '@/lib/portal/mail/reason';

export interface MailStateFacts {
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  lastError: string | null;
  attempts: number;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

const TONES: Record<MailStateFacts['state'], string> = {
  waiting: 'bg-amber-100 text-amber-950 ring-amber-700/40',
  sending: 'bg-brand-100 text-brand-800 ring-brand-700/40',
  sent: 'bg-green-100 text-green-900 ring-green-700/40',
  failed: 'bg-red-100 text-red-900 ring-red-700/40',
};

export function MailState({
  mail,
  m,
  lang,
}: {
  mail: MailStateFacts;
  m: MailMessages;
  lang: Lang;
}) {
  const reason = reasonText(mail.lastError, m);
  return (
    <span className="inline-flex flex-col gap-0.5">
      <span
        className={`inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[mail.state]}`}
        data-mail-state={mail.state}
      >
        {m.state[mail.state]}
      </span>
      {mail.state === 'sent' && mail.sentAt ? (
        <span className="text-xs text-slate-700">
          {fmt(m.sentAt, { date: formatDateTime(mail.sentAt, lang) })}
        </span>
      ) : null}
      {reason ? <span className="text-xs text-red-900">{reason}</span> : null}
      {mail.state === 'waiting' && mail.attempts > 0 ? (
        <span className="text-xs text-slate-700">
          {fmt(m.attempts, { n: mail.attempts })} ·{' '}
          {fmt(m.nextAttempt, { date: formatDateTime(mail.nextAttemptAt, lang) })}
        </span>
      ) : null}
    </span>
  );
}
