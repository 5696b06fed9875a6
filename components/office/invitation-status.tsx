// An account's newest invitation in words: sent / used / waiting / failed, with its date.
export interface InvitationView {
  link: 'open' | 'used' | 'revoked' | 'expired';
  mail: 'waiting' | 'sending' | 'sent' | 'failed' | null;
  sentAt: string | null;
  usedAt: string | null;
  reason: string | null;
}

export interface InvitationWords {
  none: string;
  waiting: string;
  sending: string;
  sent: string;
  failed: string;
  used: string;
  expired: string;
  revoked: string;
}

const fill = (t: string, vars: Record<string, string>) =>
  t.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

export function invitationText(view: InvitationView | null, w: InvitationWords): string {
  if (!view) return w.none;
  if (view.link === 'used') return fill(w.used, { date: view.usedAt ?? '' });
  if (view.link === 'revoked') return w.revoked;
  if (view.link === 'expired') return w.expired;
  if (view.mail === 'failed') return fill(w.failed, { reason: view.reason ?? '' });
  if (view.mail === 'sent') return fill(w.sent, { date: view.sentAt ?? '' });
  if (view.mail === 'sending') return w.sending;
  return w.waiting;
}

export function InvitationStatus({
  view,
  words,
}: {
  view: InvitationView | null;
  words: InvitationWords;
}) {
  return <p className="text-sm text-slate-800">{invitationText(view, words)}</p>;
}
