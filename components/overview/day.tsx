// The landlord's day: short lists of stays, each a card that is one link (fits a phone).
import { StateBadge } from '@/components/ui/badge';
import { RowLinks } from '@/components/ui/row-links';
import type { IndexRow } from '@/lib/portal/stays/forms-index';
import { formatDate } from '@/lib/portal/format';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import { asFormState } from '@/lib/portal/stays/query-parse';

export function StayCards({
  rows,
  objects,
  empty,
  m,
  lang,
  testId,
}: {
  rows: IndexRow[];
  objects: ReadonlyMap<number, string>;
  empty: string;
  m: Messages;
  lang: Lang;
  testId: string;
}) {
  if (!rows.length) return <p className="text-slate-800">{empty}</p>;
  return (
    <RowLinks>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
        {rows.map((r) => {
          const state = asFormState(r.state);
          return (
            <li key={r.formId} className="relative rounded-lg border border-slate-300 bg-white p-3">
              <a
                href={`/aufenthalte/${r.formId}`}
                data-nav=""
                className="font-semibold text-brand-700 underline after:absolute after:inset-0 after:rounded-lg"
                aria-label={fmt(m.stays.open, { nr: r.meldescheinnummer })}
              >
                {r.firstGuestName ?? r.meldescheinnummer}
              </a>
              <p className="mt-1 text-sm">
                {objects.get(r.objektId) ?? r.objektId} ·{' '}
                {fmt(m.overview.stayDates, {
                  from: formatDate(r.arrivalDate, lang),
                  to: formatDate(r.departureDate, lang),
                })}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <span>{fmt(m.overview.persons, { n: r.guests })}</span>
                <StateBadge state={state} label={m.states[state]} />
              </p>
            </li>
          );
        })}
      </ul>
    </RowLinks>
  );
}
