// The form's log for the landlord: who printed the guest card when (get-pdf or at booking with
// append_pdf) and who added, changed or removed which guest when, with the names of the changed
// fields. The service sends no values, so nothing erased after the retention period shows here.
import type { PortalForm } from '@/lib/portal/api/client';
import { formatDateTime } from '@/lib/portal/format';
import { guestName, isGroup } from '@/lib/portal/guest-form/guest-names';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import type { MeldescheinField } from '@/lib/wire/config';
import type { Protokoll } from '@/lib/wire/meldeschein';

export interface StayLogProps {
  form: PortalForm;
  /** The municipality's guest fields, for their display names. */
  fields: MeldescheinField[];
  m: Messages;
  lang: Lang;
}

export function StayLog({ form, fields, m, lang }: StayLogProps) {
  const l = m.detail.log;
  const log: Protokoll | undefined = form.protokoll;
  const guestLabel = (personId: number) => {
    const i = form.personen.findIndex((g) => g.id === personId);
    if (i < 0) return l.removedGuest;
    const g = form.personen[i]!;
    if (isGroup(g)) return fmt(m.detail.groupOf, { n: g.anzahl });
    return guestName(g) ?? fmt(m.detail.unnamed, { n: i + 1 });
  };
  const COLUMNS: Record<string, string> = {
    tarif_id: m.form.tariff,
    gast_type: m.form.guestType,
    anzahl: m.form.groupSize,
    arrival_date: m.form.arrival,
    departure_date: m.form.departure,
  };
  const fieldLabel = (name: string) =>
    COLUMNS[name] ?? fields.find((f) => f.column_name === name)?.alias ?? name;

  return (
    <section aria-labelledby="protokoll" className="space-y-3">
      <h2 id="protokoll" className="text-xl font-semibold">
        {l.title}
      </h2>
      {form.anonymised ? <p className="text-sm text-slate-700">{l.anonymised}</p> : null}
      {!log ? (
        <p className="text-sm text-slate-700">{l.unavailable}</p>
      ) : (
        <div className="grid gap-4 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2">
          <p className="text-sm text-slate-700 sm:col-span-2">{l.intro}</p>
          <LogList
            title={l.prints}
            empty={l.none}
            testId="log-prints"
            entries={log.prints.map((p) =>
              fmt(l.printEntry, {
                date: formatDateTime(p.at, lang),
                user: p.user.alias || p.user.username,
                via: p.via === 'append_pdf' ? l.viaAppendPdf : l.viaGetPdf,
              }),
            )}
          />
          <LogList
            title={l.changes}
            empty={l.none}
            testId="log-changes"
            entries={log.changes.map((c) => {
              const values = {
                date: formatDateTime(c.at, lang),
                user: c.user.alias || c.user.username,
                guest: guestLabel(c.person_id),
                fields: c.fields.map(fieldLabel).join(', '),
              };
              if (c.action === 'update' && !c.fields.length) return fmt(l.updateNothing, values);
              return fmt(l[c.action], values);
            })}
          />
        </div>
      )}
    </section>
  );
}

function LogList(p: { title: string; empty: string; entries: string[]; testId: string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{p.title}</h3>
      {p.entries.length ? (
        <ul className="mt-1 space-y-1 text-sm" data-testid={p.testId}>
          {p.entries.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-700">{p.empty}</p>
      )}
    </div>
  );
}
