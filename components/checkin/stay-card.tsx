// What the guest sees of the stay: the accommodation and, for an invitation, the dates.
import type { CheckinSnapshot } from '@/lib/portal/checkin/snapshot';
import { formatDate } from '@/lib/portal/format';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import type { GuestPages } from '@/lib/portal/i18n/guest/pages';

export function StayCard({
  snapshot,
  arrival,
  departure,
  c,
  lang,
}: {
  snapshot: CheckinSnapshot;
  arrival: string | null;
  departure: string | null;
  c: GuestPages['checkin'];
  lang: GuestLang;
}) {
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-300 bg-white p-4">
      <div>
        <dt className="text-sm font-medium text-slate-700">{c.accommodation}</dt>
        <dd className="mt-0.5 font-semibold" data-testid="accommodation">
          {snapshot.objekt.alias}
          <span className="block text-sm font-normal text-slate-700">
            {snapshot.objekt.address}
          </span>
        </dd>
      </div>
      {arrival && departure ? (
        <div>
          <dt className="text-sm font-medium text-slate-700">{c.stay}</dt>
          <dd className="mt-0.5 font-semibold" data-testid="stay-dates">
            {formatDate(arrival, lang)} – {formatDate(departure, lang)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
