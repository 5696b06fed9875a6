// A link that does not open (tampered, expired, withdrawn): what happened and whom to ask, in the
// guest's language, and nothing about the stay, the object or the host.
import type { GuestPages } from '@/lib/portal/i18n/guest/pages';

export function Refused({
  reason,
  c,
}: {
  reason: 'invalid' | 'expired' | 'revoked';
  c: GuestPages['checkin'];
}) {
  const r = c.refused;
  const [title, text] =
    reason === 'expired'
      ? [r.expiredTitle, r.expiredText]
      : reason === 'revoked'
        ? [r.revokedTitle, r.revokedText]
        : [r.invalidTitle, r.invalidText];
  return (
    <div className="space-y-3" data-refused={reason}>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-800">{text}</p>
    </div>
  );
}

export function Message({ title, text }: { title: string; text: string }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-800">{text}</p>
    </div>
  );
}
