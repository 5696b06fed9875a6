// Automatic invitations at the scale of a municipality: 5,000 planned stays (50 landlords × 10
// objects × 10 stays), every one due today, one round of the mail job's planning
// (planInvitations) in this process on a fresh database. Prints how many were queued and how long
// the round took, then a second round (nothing new due: the steady state every
// MAIL_INTERVAL_SECONDS). Figures only, no time goal asserted; a round that leaves a due stay
// behind fails the run.
//
// Alone: `npx tsx --conditions=react-server bench/invitations.ts` (BENCH_TARGETS as for `npm run
// bench`; the react-server condition because the check-in modules it shares are `server-only`).
// bench/run.ts starts it so.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { openDb, type Db } from '../lib/db';
import { portalInvitationSettings, portalPlannedStays } from '../lib/db/schema';
import { env } from '../lib/env';
import type { CheckinSnapshot } from '../lib/portal/checkin/snapshot';
import { planInvitations } from '../lib/portal/invitations/job';
import { addDays, berlinToday } from '../lib/wire/time';
import { embeddedTarget, postgresTarget, type Target } from './servers';

/** 50; `--landlords=N` for a smaller trial run (N × 100 stays). */
const LANDLORDS = Number(/^--landlords=(\d+)$/.exec(process.argv[2] ?? '')?.[1] ?? 50);
const OBJECTS = 10;
const STAYS_PER_OBJECT = 10;
const STAYS = LANDLORDS * OBJECTS * STAYS_PER_OBJECT;
const SERVICE = 'http://127.0.0.1:3000/api/';

export interface InvitationRoundResult {
  target: string;
  stays: number;
  queued: number;
  roundMs: number;
  steadyMs: number;
  load: number;
}

const snapshotOf = (objekt: number): CheckinSnapshot => ({
  objekt: { id: objekt, alias: `Objekt ${objekt}`, address: 'Strandweg 1', beds: 4 },
  gemeinde: { id: 1, alias: 'Seeblick', fields: [], tarife: [] },
});

async function seed(db: Db, today: string): Promise<void> {
  const settings = [];
  const stays = [];
  for (let l = 0; l < LANDLORDS; l++) {
    const owner = { serviceUrl: SERVICE, username: `vermieter${l}` };
    for (let o = 1; o <= OBJECTS; o++) {
      settings.push({
        ...owner,
        objektId: o,
        autoInvite: true,
        daysBefore: 7,
        snapshot: snapshotOf(o),
        landlordName: `Vermieter ${l}`,
      });
      for (let s = 0; s < STAYS_PER_OBJECT; s++) {
        // Arrivals spread over the coming week: every one within the 7 days' lead time.
        const arrival = addDays(today, (l + o + s) % 7);
        stays.push({
          id: randomUUID(),
          ...owner,
          gemeindeId: 1,
          objektId: o,
          arrivalDate: arrival,
          departureDate: addDays(arrival, 3),
          expectedGuests: 2,
          source: 'manual' as const,
          guestEmail: `gast${l}-${o}-${s}@example.org`,
        });
      }
    }
  }
  await db.insert(portalInvitationSettings).values(settings);
  for (let i = 0; i < stays.length; i += 500)
    await db.insert(portalPlannedStays).values(stays.slice(i, i + 500));
}

export async function benchInvitationRound(target: Target): Promise<InvitationRoundResult> {
  const handle = target.databaseUrl
    ? await openDb({ url: target.databaseUrl })
    : await openDb({ dir: target.dataDir });
  try {
    const now = new Date();
    await seed(handle.db, berlinToday(now));
    const t0 = performance.now();
    const round = await planInvitations(handle.db, now);
    const roundMs = Math.round(performance.now() - t0);
    const t1 = performance.now();
    await planInvitations(handle.db, now);
    const steadyMs = Math.round(performance.now() - t1);
    return {
      target: target.name,
      stays: STAYS,
      queued: round.invitation,
      roundMs,
      steadyMs,
      load: Number(loadavg()[0]!.toFixed(2)),
    };
  } finally {
    await handle.close();
  }
}

export function printInvitationRounds(rows: InvitationRoundResult[]): void {
  console.info(
    `\nautomatic invitations: one planning round over ${STAYS} planned stays (${LANDLORDS} landlords × ${OBJECTS} objects), every one due`,
  );
  console.info('| database | stays | queued | round ms | next round ms (nothing due) | load |');
  console.info('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.info(
      `| ${r.target} | ${r.stays} | ${r.queued} | ${r.roundMs} | ${r.steadyMs} | ${r.load} |`,
    );
  }
}

async function main(): Promise<void> {
  const rows: InvitationRoundResult[] = [];
  for (const name of env().BENCH_TARGETS) {
    const target = name === 'postgres' ? await postgresTarget() : await embeddedTarget();
    try {
      const row = await benchInvitationRound(target);
      console.info(
        `  [${row.target}] ${row.queued} of ${row.stays} queued in ${row.roundMs} ms; next round ${row.steadyMs} ms`,
      );
      rows.push(row);
    } finally {
      await target.dispose();
    }
  }
  printInvitationRounds(rows);
  const short = rows.filter((r) => r.queued !== r.stays);
  if (short.length) {
    console.error(`a round left due stays behind: ${short.map((r) => r.target).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1]?.endsWith('invitations.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
