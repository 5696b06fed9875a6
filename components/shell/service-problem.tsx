import { Link } from '@/components/ui/link';
import { describeApiError } from '@/lib/portal/api/errors';
import type { ApiError } from '@/lib/portal/api/client';
import type { Messages } from '@/lib/portal/i18n';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';

/** A page whose service call failed: what happened in plain words, and a way on. */
export function ServiceProblem({
  error,
  m,
  title,
}: {
  error: ApiError;
  m: Messages;
  title: string;
}) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Notice tone="error" title={m.common.problemTitle}>
        {describeApiError(error, m)}
      </Notice>
      <Link href="/uebersicht" className={buttonClass('secondary')}>
        {m.common.toOverview}
      </Link>
    </div>
  );
}
