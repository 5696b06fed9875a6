// The landlord's coming stays, planned and booked together, each with its state and next step
// (issue 18). Reads only: the index is brought up to date by an action once shown (IndexSync).
import type { Metadata } from 'next';
import { ServiceProblem } from '@/components/shell/service-problem';
import { ComingList } from '@/components/stays/coming-list';
import { IndexSync } from '@/components/stays/index-sync';
import { indexSyncDue } from '@/lib/portal/stays/index-sync';
import { loadConfig } from '@/lib/portal/config/load';
import { objectsOf } from '@/lib/portal/config/view';
import { getI18n } from '@/lib/portal/i18n/server';
import { guarded } from '@/lib/portal/session/guarded';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { comingStays } from '@/lib/portal/stays/coming';
import { berlinToday } from '@/lib/wire/time';
import { syncShownIndex } from '../../actions';

const PATH = '/aufenthalte/kommend';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.coming.title };
}

export default async function ComingStaysPage() {
  const session = await verifySession(PATH);
  const { lang, m } = await getI18n();
  const loaded = await guarded(PATH, () => loadConfig(session));
  if (!loaded.ok) return <ServiceProblem error={loaded.error} m={m} title={m.coming.title} />;
  const objects = new Map(objectsOf(loaded.value).map((o) => [o.id, o.alias]));
  const shownAt = await indexSyncDue(session);
  const stays = await comingStays(ownerOf(session), berlinToday());
  return (
    <div className="space-y-6">
      {shownAt !== null ? <IndexSync sync={syncShownIndex} shownAt={shownAt} /> : null}
      <div>
        <h1 className="text-2xl font-bold">{m.coming.title}</h1>
        <p className="mt-1 text-slate-800">{m.coming.intro}</p>
      </div>
      <ComingList stays={stays} objects={objects} m={m} lang={lang} />
    </div>
  );
}
