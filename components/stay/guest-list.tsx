// The guests of a form with their Kurtaxe: the shared DataTable (a table on wide screens, cards on
// phones), in the form's order.
import { DataTable, type Column } from '@/components/ui/data-table';
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
  const columns: Column<(typeof rows)[number]>[] = [
    { id: 'name', header: c.name, value: (r) => r.name, rowHeader: true, className: 'font-medium' },
    { id: 'type', header: c.type, value: (r) => r.type },
    { id: 'tariff', header: c.tariff, value: (r) => r.tariff },
    { id: 'stay', header: c.stay, value: (r) => r.stay, className: 'whitespace-nowrap' },
    { id: 'nights', header: c.nights, value: (r) => r.nights, numeric: true },
    {
      id: 'kurtaxe',
      header: c.kurtaxe,
      value: (r) => r.kurtaxe,
      cell: (r) => amount(r.kurtaxe),
      numeric: true,
      className: 'whitespace-nowrap',
    },
  ];
  return (
    <DataTable
      data={rows}
      columns={columns}
      labels={{ caption: d.guests }}
      rowKey={(r) => String(r.id)}
      testId="guest-list"
    />
  );
}
