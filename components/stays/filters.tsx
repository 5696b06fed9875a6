// Filter, sort and page size of the stays list as a GET form: every view is a shareable link.
// Collapsed behind one button (<details>, no JavaScript needed) so a phone shows stays first;
// open when a filter is set, so the landlord sees why the list is shorter.
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { CONTROL } from '@/components/ui/field';
import { ObjectSelect } from '@/components/ui/object-select';
import type { ObjectView } from '@/lib/portal/config/view';
import { formatMonth } from '@/lib/portal/format';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import { DEFAULT_SORT, SORT_KEYS, type StayQuery } from '@/lib/portal/stays/query';
import { FORM_STATES } from '@/lib/wire/meldeschein';

export function StayFilters({
  query,
  objects,
  months,
  m,
  lang,
}: {
  query: StayQuery;
  objects: ObjectView[];
  months: string[];
  m: Messages;
  lang: Lang;
}) {
  const s = m.stays;
  const label = 'block text-sm font-medium';
  const active = [query.objekt, query.month, query.state, query.sort !== DEFAULT_SORT].filter(
    Boolean,
  ).length;
  return (
    <details open={active > 0} className="group rounded-lg border border-slate-300 bg-white">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span>{active ? fmt(s.filtersActive, { n: active }) : s.filters}</span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <form
        method="get"
        action="/aufenthalte"
        className="border-t border-slate-200 p-4"
        aria-label={s.filters}
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <ObjectSelect
            id="f-objekt"
            label={s.object}
            allLabel={s.allObjects}
            objects={objects}
            value={query.objekt}
          />
          <div>
            <label htmlFor="f-monat" className={label}>
              {s.month}
            </label>
            <select id="f-monat" name="monat" defaultValue={query.month ?? ''} className={CONTROL}>
              <option value="">{s.allStates}</option>
              {[...new Set([...(query.month ? [query.month] : []), ...months])].map((mo) => (
                <option key={mo} value={mo}>
                  {formatMonth(mo, lang)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-status" className={label}>
              {s.state}
            </label>
            <select
              id="f-status"
              name="status"
              defaultValue={query.state ?? ''}
              className={CONTROL}
            >
              <option value="">{s.allStates}</option>
              {FORM_STATES.map((st) => (
                <option key={st} value={st}>
                  {m.states[st]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-sort" className={label}>
              {s.sort}
            </label>
            <select id="f-sort" name="sortierung" defaultValue={query.sort} className={CONTROL}>
              {SORT_KEYS.map((k) => (
                <option key={k} value={k}>
                  {s.sortOptions[k]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonClass('primary')}>
            {s.apply}
          </button>
          <Link href="/aufenthalte" className={buttonClass('secondary')}>
            {s.reset}
          </Link>
        </div>
      </form>
    </details>
  );
}
