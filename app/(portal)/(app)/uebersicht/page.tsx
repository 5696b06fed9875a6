import type { Metadata } from 'next';
import {
  OBJECT_COLUMNS,
  ObjectsTable,
  SEASON_COLUMNS,
  SeasonsTable,
  TARIFF_COLUMNS,
  TariffsTable,
} from '@/components/overview/tables';
import { ServiceProblem } from '@/components/shell/service-problem';
import { IndexSync } from '@/components/stays/index-sync';
import { indexSyncTiming } from '@/lib/portal/stays/index-sync';
import { keptRender } from '@/lib/portal/kept-pages/declare';
import { buttonClass } from '@/components/ui/button';
import { LandlordDay } from '@/components/overview/landlord-day';
import { can, gemeindenWithObjects, objectsOf } from '@/lib/portal/config/view';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { fmt } from '@/lib/portal/i18n';
import { getI18n } from '@/lib/portal/i18n/server';
import { syncShownIndex } from '../actions';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { countSubmissions } from '@/lib/portal/checkin/submissions';
import { landlordDay } from '@/lib/portal/stays/day';
import { monthOf } from '@/lib/portal/statement/aggregate';
import { loadMonthStatement } from '@/lib/portal/statement/load';
import { berlinToday } from '@/lib/wire/time';
import { readSort, sortLink, type Params } from '@/lib/portal/table-sort';
import { PendingLink } from '@/components/ui/pending-link';
import { ArrivalToday } from '@/components/arrival/arrival-today';
import { getDb } from '@/lib/db';
import { arrivalDay } from '@/lib/portal/arrival/day';
import { arrivalMessages } from '@/lib/portal/i18n/arrival';

const PATH = '/uebersicht';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.overview.title };
}

export default async function OverviewPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  const session = await verifySession(PATH);
  const { lang, m } = await getI18n();
  // Reads only: the index is brought up to date by an action once the page is shown (IndexSync).
  const loaded = await guarded(PATH, () => loadConfig(session));
  if (!loaded.ok) return <ServiceProblem error={loaded.error} m={m} title={m.overview.title} />;
  const config = loaded.value;
  const objects = objectsOf(config);
  const today = berlinToday();
  const owner = ownerOf(session);
  const keep = await keptRender(session);
  const { shownAt, dueAt } = await indexSyncTiming(session);
  const [day, statement, checkins, arrivals] = await Promise.all([
    landlordDay(owner, today),
    loadMonthStatement(owner, { month: monthOf(today) }),
    countSubmissions(owner),
    getDb().then((db) => arrivalDay(db, owner, today)),
  ]);
  await keep(dueAt);
  const labels = (caption: string) => ({
    caption,
    sortBy: m.overview.sortBy,
    sortedAsc: m.overview.sortedAsc,
    sortedDesc: m.overview.sortedDesc,
    sortCards: m.overview.sortCards,
  });
  /** Each table's sort lives in its own URL parameter. */
  const sorted = (key: string, columns: readonly string[], fallback: string) => {
    const sort = readSort(params, key, columns, { id: fallback, desc: false });
    return { sort, sortHref: (column: string) => sortLink(PATH, params, key, sort, column) };
  };

  return (
    <div className="space-y-8">
      {shownAt !== null ? <IndexSync sync={syncShownIndex} shownAt={shownAt} /> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{m.overview.title}</h1>
          <p className="mt-1 text-slate-800">
            {fmt(m.overview.welcome, { name: session.displayName })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {can(config, 'meldeschein.add_meldeschein') && objects.length ? (
            <PendingLink href="/aufenthalte/neu" className={buttonClass('primary')}>
              {m.overview.quickNew}
            </PendingLink>
          ) : null}
          <PendingLink href="/aufenthalte" className={buttonClass('secondary')}>
            {m.overview.quickStays}
          </PendingLink>
        </div>
      </div>

      <ArrivalToday
        today={arrivals.today}
        overdue={arrivals.overdue}
        objects={new Map(objects.map((o) => [o.id, o.alias]))}
        a={arrivalMessages(lang)}
        lang={lang}
      />

      <LandlordDay
        day={day}
        statement={statement}
        checkins={checkins}
        objects={objects}
        today={today}
        m={m}
        lang={lang}
      />

      <hr className="border-slate-300" />

      <section aria-labelledby="objekte">
        <h2 id="objekte" className="mb-3 text-xl font-semibold">
          {m.overview.objects}
        </h2>
        {objects.length ? (
          <ObjectsTable
            rows={objects}
            cols={m.overview.col}
            labels={labels(m.overview.objects)}
            {...sorted('objekte', OBJECT_COLUMNS, 'alias')}
          />
        ) : (
          <p>{m.overview.objectsEmpty}</p>
        )}
      </section>

      {gemeindenWithObjects(config).map((g) => {
        const tariffs = fmt(m.overview.tariffs, { gemeinde: g.alias });
        const seasons = fmt(m.overview.seasonsCurrent, { gemeinde: g.alias });
        return (
          <section key={g.id} aria-labelledby={`gemeinde-${g.id}`} className="space-y-6">
            <div>
              <h2 id={`gemeinde-${g.id}`} className="mb-3 text-xl font-semibold">
                {tariffs}
              </h2>
              <TariffsTable
                rows={g.tarife
                  .filter((t) => t.is_active)
                  .map((t) => ({
                    id: t.id,
                    code: t.tarif_code,
                    alias: t.alias,
                    fullAlias: t.full_alias,
                    preselected: t.default_selected,
                  }))}
                cols={m.overview.col}
                labels={labels(tariffs)}
                preselectedText={m.overview.preselected}
                {...sorted(`tarife-${g.id}`, TARIFF_COLUMNS, 'alias')}
              />
            </div>
            {/* No table without rows (an empty table is no valid grid): AVS's lists carry no
                seasons, and a municipality's may all lie in the past. */}
            {g.saisonzeiten.some((s) => s.valid_until >= today) ? (
              <div>
                <h3 className="mb-3 text-lg font-semibold">{seasons}</h3>
                <SeasonsTable
                  rows={g.saisonzeiten
                    .filter((s) => s.valid_until >= today)
                    .map((s) => ({
                      id: s.id,
                      alias: s.alias,
                      from: s.valid_from,
                      until: s.valid_until,
                    }))}
                  cols={m.overview.col}
                  labels={labels(seasons)}
                  lang={lang}
                  {...sorted(`saisons-${g.id}`, SEASON_COLUMNS, 'from')}
                />
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
