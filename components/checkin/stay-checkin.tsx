// On a stay's page: a badge when its guests' online check-in has arrived (linking to the review),
// otherwise the way to invite them.
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import type { Lang } from '@/lib/portal/i18n';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import type { FormState } from '@/lib/wire/meldeschein';

export function StayCheckin({
  waiting,
  formId,
  state,
  lang,
}: {
  /** The id of the guests' check-in waiting for review, if any. */
  waiting: string | null;
  formId: number;
  state: FormState;
  lang: Lang;
}) {
  const a = checkinMessages(lang).admin;
  if (waiting) {
    return (
      <Link
        href={`/online-check-in/pruefen/${waiting}`}
        className="inline-flex min-h-11 items-center rounded-full bg-green-100 px-3 text-sm font-semibold text-green-900 ring-1 ring-green-700/40 ring-inset"
        data-testid="checkin-badge"
      >
        {a.stayBadge}: {a.review}
      </Link>
    );
  }
  if (state !== 'draft' && state !== 'printed') return null;
  return (
    <Link href={`/online-check-in?aufenthalt=${formId}#neu`} className={buttonClass('secondary')}>
      {a.inviteGuests}
    </Link>
  );
}
