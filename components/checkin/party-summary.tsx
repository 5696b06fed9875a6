// The summary a guest reads before sending: the stay and every traveller's entries, as they will
// reach the host (country names, dates and yes/no in the guest's language). No hooks.
import { Notice } from '@/components/ui/notice';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import type { CountryOptions } from '@/lib/portal/config/countries';
import { formatDate } from '@/lib/portal/format';
import type { FieldInput, StayValues } from '@/lib/portal/guest-form/values';
import { fmt } from '@/lib/portal/i18n';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import type { FormWords, GuestPages } from '@/lib/portal/i18n/guest/pages';
import type { MeldescheinField } from '@/lib/wire/config';

export interface PartySummaryProps {
  values: StayValues;
  config: GemeindeFormConfig;
  countries: CountryOptions;
  c: GuestPages['checkin'];
  m: FormWords;
  lang: GuestLang;
  askDates: boolean;
  /** What the guest should look at again before sending (a birth date in the future). */
  warnings: string[];
}

export function PartySummary({
  values,
  config,
  countries,
  c,
  m,
  lang,
  askDates,
  warnings,
}: PartySummaryProps) {
  const countryName = (code: string) =>
    countries.all.find((x) => x.code === code.toUpperCase())?.name ?? code;
  const shown = (f: MeldescheinField, v: FieldInput | undefined): string => {
    if (f.data_type === 'boolean') return v === true || v === 'true' || v === 'on' ? c.yes : c.no;
    const s = typeof v === 'string' ? v.trim() : '';
    if (!s) return c.notGiven;
    if (f.data_type === 'country') return countryName(s);
    if (f.data_type === 'date') return formatDate(s, lang);
    return s;
  };
  const tariff = (id: string) => config.tarife.find((t) => String(t.id) === id);
  const who = (j: number) => {
    const o = values.guests[j];
    const name = [o?.fields.Gast_Vorname, o?.fields.Gast_Name]
      .filter((v): v is string => typeof v === 'string' && !!v.trim())
      .join(' ');
    return name || fmt(m.form.guestN, { n: j + 1 });
  };
  const relation = (value: string | undefined) => {
    const r = /^(partner|child):(\d+)$/.exec(value ?? '');
    if (!r) return values.guests.length > 1 ? c.relationNone : null;
    return fmt(r[1] === 'partner' ? c.relationPartner : c.relationChild, {
      who: who(Number(r[2])),
    });
  };

  return (
    <section aria-labelledby="zusammenfassung" className="space-y-4" data-testid="summary">
      <div>
        <h2 id="zusammenfassung" className="text-xl font-semibold">
          {c.summaryTitle}
        </h2>
        <p className="mt-1 text-slate-800">{c.summaryIntro}</p>
      </div>
      {warnings.length ? (
        <Notice tone="warning" live={false} title={c.warningsTitle}>
          <ul className="list-disc pl-5" data-testid="summary-warnings">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {askDates ? (
        <p>
          <span className="font-medium">{c.stay}:</span> {formatDate(values.arrival, lang)} –{' '}
          {formatDate(values.departure, lang)}
        </p>
      ) : null}
      {values.guests.map((g, i) => (
        <div key={i} className="rounded-lg border border-slate-300 bg-white p-4">
          <h3 className="text-lg font-semibold">{fmt(m.form.guestN, { n: i + 1 })}</h3>
          <dl className="mt-2 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
            {config.tarife.length > 1 ? (
              <div className="contents">
                <dt className="text-slate-700">{m.form.tariff}</dt>
                <dd className="font-medium break-words">
                  {tariff(g.tarifId)?.full_alias || tariff(g.tarifId)?.alias || c.notGiven}
                </dd>
              </div>
            ) : null}
            {config.fields.map((f) => (
              <div key={f.id} className="contents">
                <dt className="text-slate-700">{f.alias}</dt>
                <dd className="font-medium break-words">{shown(f, g.fields[f.column_name])}</dd>
              </div>
            ))}
            {relation(g.relation) ? (
              <div className="contents">
                <dt className="text-slate-700">{c.relation}</dt>
                <dd className="font-medium break-words" data-testid={`summary-relation-${i}`}>
                  {relation(g.relation)}
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      ))}
    </section>
  );
}
