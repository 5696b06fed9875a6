// The overview's first section: today's arrivals whose registration form still needs a
// confirmation, and recent ones left unconfirmed (flagged). Nothing when there is nothing to do.
import { PendingLink } from '@/components/ui/pending-link';
import type { OpenArrival } from '@/lib/portal/arrival/day';
import { formatDate } from '@/lib/portal/format';
import { fmt, type Lang } from '@/lib/portal/i18n';
import type { ArrivalMessages } from '@/lib/portal/i18n/arrival';

export function ArrivalToday({
  today,
  overdue,
  objects,
  a,
  lang,
}: {
  today: OpenArrival[];
  overdue: OpenArrival[];
  objects: Map<number, string>;
  a: ArrivalMessages;
  lang: Lang;
}) {
  if (!today.length && !overdue.length) return null;
  const where = (r: OpenArrival) => objects.get(r.objektId);
  return (
    <section
      aria-labelledby="anreise-heute"
      className="space-y-3 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4"
      data-testid="arrivals-today"
    >
      {today.length ? (
        <>
          <h2 id="anreise-heute" className="text-xl font-semibold">
            {a.todayTitle}
          </h2>
          <ul className="space-y-1">
            {today.map((r) => (
              <li key={r.formId}>
                <PendingLink
                  href={`/aufenthalte/${r.formId}#ankunft`}
                  className="text-brand-700 underline"
                >
                  {fmt(a.todayItem, { name: r.name, n: r.open })}
                </PendingLink>
                {where(r) ? <span className="text-sm text-slate-700"> · {where(r)}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <h2 id="anreise-heute" className="sr-only">
          {a.overdueTitle}
        </h2>
      )}
      {overdue.length ? (
        <div data-testid="arrivals-overdue">
          <h3 className="font-semibold text-red-900">{a.overdueTitle}</h3>
          <ul className="space-y-1">
            {overdue.map((r) => (
              <li key={r.formId}>
                <PendingLink
                  href={`/aufenthalte/${r.formId}#ankunft`}
                  className="text-brand-700 underline"
                >
                  {fmt(a.overdueItem, { name: r.name, date: formatDate(r.arrivalDate, lang) })}
                </PendingLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
