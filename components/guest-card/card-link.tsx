// The way from the check-in pages to the guest's card (shown only where the card page opens).
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

export function CardLink({ token, label }: { token: string; label: string }) {
  return (
    <Link href={`/checkin/${token}/karte`} className={buttonClass('primary', 'min-h-12 w-full')}>
      {label}
    </Link>
  );
}
