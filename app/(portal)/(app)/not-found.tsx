import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { getI18n } from '@/lib/portal/i18n/server';

// Also what a landlord sees for another landlord's form: the service never says whose it is.
export default async function NotFound() {
  const { m } = await getI18n();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.common.notFoundTitle}</h1>
      <p>{m.common.notFoundText}</p>
      <Link href="/uebersicht" className={buttonClass('secondary')}>
        {m.common.toOverview}
      </Link>
    </div>
  );
}
