// The landlord's booking calendars, per object: the iCal feeds, how each last synced, and the
// coming stays they gave (issue 18). The page reads; the actions write.
import type { Metadata } from 'next';
import { ObjectCalendars } from '@/components/calendars/object-calendars';
import { ServiceProblem } from '@/components/shell/service-problem';
import { Notice } from '@/components/ui/notice';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import {
  addFeedAction,
  confirmDropAction,
  removeFeedAction,
  syncFeedAction,
} from '@/lib/portal/calendars/actions';
import { calendarStays, listFeeds } from '@/lib/portal/calendars/feeds';
import { objectsOf } from '@/lib/portal/config/view';
import { loadConfig } from '@/lib/portal/config/load';
import { guarded } from '@/lib/portal/session/guarded';
import { fmt } from '@/lib/portal/i18n';
import { calendarMessages, errorInWords } from '@/lib/portal/i18n/calendars';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf, verifySession } from '@/lib/portal/session/session';

const PATH = '/kalender';
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function generateMetadata(): Promise<Metadata> {
  return { title: calendarMessages((await getI18n()).lang).title };
}

export default async function CalendarsPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const session = await verifySession(PATH);
  const { lang, m } = await getI18n();
  const c = calendarMessages(lang);
  const loaded = await guarded(PATH, () => loadConfig(session));
  if (!loaded.ok) return <ServiceProblem error={loaded.error} m={m} title={c.title} />;
  const objects = objectsOf(loaded.value);
  const owner = ownerOf(session);
  const db = await getDb();
  const [feeds, stays] = await Promise.all([listFeeds(db, owner), calendarStays(db, owner)]);
  const error = one(sp.fehler);
  const added = one(sp.neu);
  const suspect = feeds.filter((f) => f.suspect).length;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{c.title}</h1>
        <p className="max-w-3xl text-slate-800">
          {fmt(c.intro, { minutes: env().CALENDAR_SYNC_MINUTES })}
        </p>
        <p className="max-w-3xl text-sm text-slate-700">{c.secretNote}</p>
      </div>
      {suspect ? (
        <Notice tone="warning" title={c.suspectTitle}>
          {fmt(c.suspectPage, { n: suspect })}
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="error" title={m.common.problemTitle}>
          {errorInWords(c, error)}
        </Notice>
      ) : null}
      {added === '1' ? <Notice tone="success">{c.added}</Notice> : null}
      {added === 'fehler' ? <Notice tone="warning">{c.addedWithError}</Notice> : null}
      {sp.synchronisiert ? <Notice tone="success">{c.synced}</Notice> : null}
      {sp.entfernt ? <Notice tone="success">{c.removed}</Notice> : null}
      {sp.bestaetigt ? <Notice tone="success">{c.confirmed}</Notice> : null}
      {objects.length ? null : <p>{c.noObjects}</p>}
      {objects.map((o) => (
        <ObjectCalendars
          key={o.id}
          object={o}
          feeds={feeds.filter((f) => f.objektId === o.id)}
          stays={stays.filter((s) => s.objektId === o.id)}
          lang={lang}
          c={c}
          addAction={addFeedAction}
          syncAction={syncFeedAction}
          confirmAction={confirmDropAction}
          removeAction={removeFeedAction}
          syncMinutes={env().CALENDAR_SYNC_MINUTES}
        />
      ))}
    </div>
  );
}
