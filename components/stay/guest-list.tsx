// The guests of a form with their Kurtaxe: a table on wide screens, cards on phones.
import type { PortalForm } from '@/lib/portal/api/client';
import { formatDate, formatEuro, nightsBetween, toCents } from '@/lib/portal/format';
import { guestName, isGroup } from '@/lib/portal/guest-form/guest-names';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import type { Tarif } from '@/lib/wire/config';

type Guest = PortalForm['personen'][number];

export function GuestList({
  guests,
  cancelled = false,
  tarife,
  m,
  lang,
}: {
  guests: Guest[];
  /** A cancelled stay is not charged: each guest's former Kurtaxe is shown struck through. */
  cancelled?: boolean;
  tarife: Tarif[];
  m: Messages;
  lang: Lang;
}) {
  const d = m.detail;
  const rows = guests.map((g, i) => ({
    id: g.id,
    name: isGroup(g)
      ? fmt(d.groupOf, { n: g.anzahl })
      : (guestName(g) ?? fmt(d.unnamed, { n: i + 1 })),
    type: isGroup(g) ? m.form.group : m.form.person,
    tariff: tarife.find((t) => t.id === g.tarif_id)?.alias ?? String(g.tarif_id),
    stay: `${formatDate(g.arrival_date, lang)} – ${formatDate(g.departure_date, lang)}`,
    nights: nightsBetween(g.arrival_date.slice(0, 10), g.departure_date.slice(0, 10)),
    kurtaxe: formatEuro(toCents(g.kurtaxe_calc), lang),
  }));
  const amount = (text: string) =>
    cancelled ? (
      <>
        <s>{text}</s>
        <span className="sr-only"> ({m.stays.notCounted})</span>
      </>
    ) : (
      text
    );
  const c = d.guestCol;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-300 bg-white sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{d.guests}</caption>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="px-3 py-2">
                {c.name}
              </th>
              <th scope="col" className="px-3 py-2">
                {c.type}
              </th>
              <th scope="col" className="px-3 py-2">
                {c.tariff}
              </th>
              <th scope="col" className="px-3 py-2">
                {c.stay}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {c.nights}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {c.kurtaxe}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-200" data-testid="guest-row">
                <th scope="row" className="px-3 py-2 font-medium">
                  {r.name}
                </th>
                <td className="px-3 py-2">{r.type}</td>
                <td className="px-3 py-2">{r.tariff}</td>
                <td className="px-3 py-2 whitespace-nowrap">{r.stay}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.nights}</td>
                <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                  {amount(r.kurtaxe)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 sm:hidden" aria-label={d.guests}>
        {rows.map((r) => (
          <li
            key={r.id}
            className="rounded-lg border border-slate-300 bg-white p-3"
            data-testid="guest-card"
          >
            <p className="font-semibold">{r.name}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-700">{c.type}</dt>
              <dd>{r.type}</dd>
              <dt className="text-slate-700">{c.tariff}</dt>
              <dd>{r.tariff}</dd>
              <dt className="text-slate-700">{c.stay}</dt>
              <dd>{r.stay}</dd>
              <dt className="text-slate-700">{c.nights}</dt>
              <dd className="tabular-nums">{r.nights}</dd>
              <dt className="text-slate-700">{c.kurtaxe}</dt>
              <dd className="tabular-nums">{amount(r.kurtaxe)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
