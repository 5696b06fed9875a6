// The landlord's day: short lists of stays, each a card that is one link (fits a phone). A booked
// stay opens its form; a planned one not booked yet its next step (the coming stays' own rule),
// or its invitation by e-mail while the guests have not answered.
import { COMING_STATE_TONES, nextStep } from '@/components/stays/coming-list';
import { StateBadge } from '@/components/ui/badge';
import { RowLinks } from '@/components/ui/row-links';
import type { ComingStay } from '@/lib/portal/stays/coming';
import { formatDate } from '@/lib/portal/format';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';

const CARD_LINK =
  'font-semibold text-brand-700 underline after:absolute after:inset-0 after:rounded-lg';

export function StayCards({
  rows,
  objects,
  empty,
  m,
  lang,
  testId,
}: {
  rows: ComingStay[];
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
        {rows.map((s) => {
          const object = objects.get(s.objektId) ?? fmt(m.coming.unknownObject, { id: s.objektId });
          const dates = fmt(m.overview.stayDates, {
            from: formatDate(s.arrival, lang),
            to: formatDate(s.departure, lang),
          });
          return (
            <li
              key={s.key}
              className="relative rounded-lg border border-slate-300 bg-white p-3"
              data-state={s.state}
            >
              <StayLink stay={s} object={object} dates={dates} m={m} />
              <p className="mt-1 text-sm">
                {object} · {dates}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                {s.guests ? <span>{fmt(m.overview.persons, { n: s.guests })}</span> : null}
                {s.formState ? (
                  <StateBadge state={s.formState} label={m.states[s.formState]} />
                ) : (
                  <>
                    <span className={`badge ${COMING_STATE_TONES[s.state]}`}>
                      {m.coming.state[s.state]}
                    </span>
                    <span className="text-slate-800">{m.coming.source[s.source]}</span>
                  </>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </RowLinks>
  );
}

function StayLink({
  stay: s,
  object,
  dates,
  m,
}: {
  stay: ComingStay;
  object: string;
  dates: string;
  m: Messages;
}) {
  if (s.formId && s.meldescheinnummer) {
    return (
      <a
        href={`/aufenthalte/${s.formId}`}
        data-nav=""
        className={CARD_LINK}
        aria-label={fmt(m.stays.open, { nr: s.meldescheinnummer })}
      >
        {s.guestName ?? s.meldescheinnummer}
      </a>
    );
  }
  const c = m.coming;
  const next = nextStep(s);
  const [href, label] =
    next.href || !s.plannedStayId
      ? [
          next.href ?? '/aufenthalte/kommend',
          `${fmt(c.nextLabel, { name: object, dates })}: ${c.next[next.key]}`,
        ]
      : [`/aufenthalte/kommend/${s.plannedStayId}`, fmt(c.mailLabel, { name: object, dates })];
  return (
    <a href={href} data-nav="" className={CARD_LINK} aria-label={label}>
      {s.guestName ?? c.next[next.key]}
    </a>
  );
}
