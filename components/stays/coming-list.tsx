// The landlord's coming stays as cards (fits a phone): object, dates, where each stands and the
// next step as a link; a planned stay not yet booked links to its page of the guest's contact and
// the invitation by e-mail. Colour is never the only signal: every state is named.
import { RowLinks } from '@/components/ui/row-links';
import { formatDate } from '@/lib/portal/format';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import type { ComingStay } from '@/lib/portal/stays/coming';

export const COMING_STATE_TONES: Record<ComingStay['state'], string> = {
  planned: 'bg-slate-200 text-slate-900 ring-slate-600/40',
  invited: 'bg-amber-100 text-amber-950 ring-amber-700/40',
  checked_in: 'bg-green-100 text-green-900 ring-green-700/40',
  booked: 'bg-brand-100 text-brand-800 ring-brand-700/40',
};

/** Where the next step of a stay is done. */
export function nextStep(s: ComingStay): {
  key: keyof Messages['coming']['next'];
  href: string | null;
} {
  if (s.formId) return { key: 'open', href: `/aufenthalte/${s.formId}` };
  if (s.state === 'checked_in') return { key: 'review', href: '/online-check-in' };
  if (s.state === 'invited') return { key: 'waiting', href: null };
  const query = new URLSearchParams({
    objekt: String(s.objektId),
    anreise: s.arrival,
    abreise: s.departure,
    ...(s.guests ? { gaeste: String(s.guests) } : {}),
  });
  return { key: 'invite', href: `/online-check-in?${query.toString()}#neu` };
}

export function ComingList({
  stays,
  objects,
  m,
  lang,
}: {
  stays: ComingStay[];
  objects: ReadonlyMap<number, string>;
  m: Messages;
  lang: Lang;
}) {
  const c = m.coming;
  if (!stays.length) return <p className="text-slate-800">{c.empty}</p>;
  return (
    <RowLinks>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={c.listLabel} data-testid="coming-stays">
        {stays.map((s) => {
          const name = objects.get(s.objektId) ?? fmt(c.unknownObject, { id: s.objektId });
          const dates = fmt(c.dates, {
            from: formatDate(s.arrival, lang),
            to: formatDate(s.departure, lang),
          });
          const next = nextStep(s);
          return (
            <li
              key={s.key}
              className="rounded-lg border border-slate-300 bg-white p-3"
              data-state={s.state}
            >
              <p className="font-semibold">{name}</p>
              <p className="text-sm">{dates}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <span className={`badge ${COMING_STATE_TONES[s.state]}`}>{c.state[s.state]}</span>
                <span className="text-slate-800">{c.source[s.source]}</span>
                {s.guests ? <span>{fmt(c.guests, { n: s.guests })}</span> : null}
              </p>
              {s.guestName ? <p className="mt-1 text-sm">{s.guestName}</p> : null}
              <p className="mt-2 text-sm">
                {next.href ? (
                  <a
                    href={next.href}
                    data-nav=""
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    aria-label={fmt(c.nextLabel, { name, dates }) + ': ' + c.next[next.key]}
                  >
                    {c.next[next.key]}
                  </a>
                ) : (
                  <span className="text-slate-800">{c.next[next.key]}</span>
                )}
              </p>
              {s.plannedStayId && !s.formId ? (
                <p className="text-sm">
                  <a
                    href={`/aufenthalte/kommend/${s.plannedStayId}`}
                    data-nav=""
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    aria-label={fmt(c.mailLabel, { name, dates })}
                  >
                    {c.mail}
                  </a>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </RowLinks>
  );
}
