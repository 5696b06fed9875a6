// The form's error summary: one entry per problem, naming its field and guest, in the order the
// page shows them, each linking to its control (WCAG 3.3.1 and the GOV.UK error-summary pattern).
// Client-safe, pure.
import type { GemeindeFormConfig } from '../config/view';
import { fmt, type Messages } from '../i18n';
import type { StayValues } from './values';

export interface SummaryEntry {
  /** The form field name (`guests.1.fields.Gast_Name`). */
  name: string;
  /** The id of its control, for the link. */
  target: string;
  text: string;
}

/** Guest parts in the order the guest card shows them; the municipality's fields come last. */
const GUEST_PARTS = ['type', 'tarifId', 'anzahl', 'arrival', 'departure'] as const;
const STAY_PARTS = ['objektId', 'arrival', 'departure'] as const;
const CONTROL_SUFFIX: Record<string, string> = { tarifId: 'tarif' };

/** `guests.1.fields.Gast_Name` -> the id of its control (`g1-Gast_Name`). */
export function fieldId(name: string): string {
  const g = /^guests\.(\d+)\.(?:fields\.)?(\w+)$/.exec(name);
  if (!g) return name;
  return `g${g[1]}-${CONTROL_SUFFIX[g[2]!] ?? g[2]}`;
}

function rank(name: string, config: GemeindeFormConfig): number[] {
  const stay = STAY_PARTS.indexOf(name as (typeof STAY_PARTS)[number]);
  if (stay >= 0) return [0, stay];
  const g = /^guests\.(\d+)\.(fields\.)?(\w+)$/.exec(name);
  if (!g) return [2, 0]; // the whole form (`guests`: no guest left, too many)
  const part = g[2]
    ? GUEST_PARTS.length + config.fields.findIndex((f) => f.column_name === g[3])
    : GUEST_PARTS.indexOf(g[3] as (typeof GUEST_PARTS)[number]);
  return [1, Number(g[1]), part];
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

export function summarizeErrors(
  errors: Record<string, string>,
  values: StayValues,
  config: GemeindeFormConfig,
  m: Messages['form'],
): SummaryEntry[] {
  const labels: Record<string, string> = {
    objektId: m.object,
    arrival: m.arrival,
    departure: m.departure,
    type: m.guestType,
    tarifId: m.tariff,
    anzahl: m.groupSize,
    guestArrival: m.guestArrival,
    guestDeparture: m.guestDeparture,
  };
  for (const f of config.fields) labels[`field:${f.column_name}`] = f.alias;
  const entries: SummaryEntry[] = [];
  for (const [name, message] of Object.entries(errors)) {
    const g = /^guests\.(\d+)\.(fields\.)?(\w+)$/.exec(name);
    if (!g) {
      entries.push({ name, target: fieldId(name), text: labelled(labels[name], message, m) });
      continue;
    }
    const [, index, isField, part] = g as unknown as [string, string, string | undefined, string];
    const i = Number(index);
    // A guest's date that simply follows the stay's date repeats the stay's error: say it once.
    if (
      (part === 'arrival' || part === 'departure') &&
      errors[part] === message &&
      values.guests[i]?.[part] === values[part]
    ) {
      continue;
    }
    const key = isField
      ? `field:${part}`
      : part === 'arrival'
        ? 'guestArrival'
        : part === 'departure'
          ? 'guestDeparture'
          : part;
    const guest = fmt(m.guestN, { n: i + 1 });
    entries.push({
      name,
      target: fieldId(name),
      text: fmt(m.summaryGuestEntry, { guest, field: labels[key] ?? part, message }),
    });
  }
  return entries.sort((a, b) => compare(rank(a.name, config), rank(b.name, config)));
}

function labelled(label: string | undefined, message: string, m: Messages['form']): string {
  return label ? fmt(m.summaryEntry, { field: label, message }) : message;
}
