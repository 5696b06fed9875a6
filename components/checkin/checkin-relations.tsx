// The guests' own answer to "who travels with whom" (partner of, child of), shown to the landlord
// reviewing a check-in before booking it (decision 028): it decides who signs a registration form
// and who is counted on it. Server-rendered, no script.
import type { CheckinGuest } from '@/lib/portal/checkin/snapshot';
import { guestName } from '@/lib/portal/guest-form/guest-names';
import { fmt } from '@/lib/portal/i18n';
import type { ArrivalMessages } from '@/lib/portal/i18n/arrival';

export function CheckinRelations({
  guests,
  a,
  unnamed,
}: {
  guests: CheckinGuest[];
  a: ArrivalMessages;
  /** A guest without a name: "Gast {n}". */
  unnamed: string;
}) {
  if (guests.length < 2) return null;
  const nameOf = (i: number) => guestName(guests[i]?.fields ?? {}) ?? fmt(unnamed, { n: i + 1 });
  const said = guests.flatMap((g, i) =>
    g.relation && guests[g.relation.of] ? [{ i, r: g.relation }] : [],
  );
  return (
    <section
      aria-labelledby="checkin-relations"
      className="space-y-1"
      data-testid="checkin-relations"
    >
      <h2 id="checkin-relations" className="text-lg font-semibold">
        {a.relationsSaid}
      </h2>
      {said.length ? (
        <ul className="list-disc pl-5">
          {said.map(({ i, r }) => (
            <li key={i}>
              {nameOf(i)}:{' '}
              {fmt(r.as === 'partner' ? a.relationPartner : a.relationChild, {
                who: nameOf(r.of),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p>{a.relationsNoneSaid}</p>
      )}
      <p className="text-sm text-slate-700">{a.relationsSaidHelp}</p>
    </section>
  );
}
