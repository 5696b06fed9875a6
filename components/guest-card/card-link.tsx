// The way from the check-in pages to the guest's card (shown only where the card page opens).
// A plain link: the check-in pages run no script (decision 022).
import { buttonClass } from '@/components/ui/button';
import { checkinPath } from '@/lib/portal/checkin/paths';

export function CardLink({ token, label }: { token: string; label: string }) {
  return (
    <a href={`${checkinPath(token)}/karte`} className={buttonClass('primary', 'min-h-12 w-full')}>
      {label}
    </a>
  );
}
