// meldescheinnummer (DECISIONS 2.6): `YYYY-NNNNNN`, the Berlin year of booking and a sequence per
// municipality and year, unique under concurrent bookings.
//
// The sequence lives in one counter row per (municipality, year). Taking numbers inside the
// booking's own transaction would hold that row's lock until the booking commits, fsync included,
// and so serialize every booking of a municipality behind the disk (measured: 0.3-2.4 ms per fsync
// here). On PostgreSQL the numbers are therefore reserved before the booking, in a one-statement
// transaction of their own with `synchronous_commit = off`: the lock is held for microseconds.
// That is durable where it matters: a booking that uses the numbers commits later, and flushing
// its commit flushes the WAL before it, the reservation included. A booking that fails after the
// reservation leaves a gap; numbers stay unique and increasing. PGlite runs one statement at a
// time anyway, so there the plain upsert is used.
//
// Under load even that round trip showed (a booking is otherwise one statement): a process that
// books often for a municipality reserves blocks, doubling up to MAX_BLOCK while reservations
// follow each other within BLOCK_WINDOW_MS, and back to exact counts when traffic is low. So a
// quiet municipality gets consecutive numbers; a busy one may lose the unused rest of a block
// when the process stops, and with several instances numbers interleave by blocks.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { meldescheinCounters } from '../../db/schema';
import { pgPool } from './prepared';

/** Reserve `count` numbers; returns the first sequence value. */
async function reserve(db: Db, gemeindeId: number, year: number, count: number): Promise<number> {
  const pool = pgPool(db);
  if (pool) {
    // Integers only, checked here, so inlining them cannot inject anything. A multi-statement
    // simple query is one round trip.
    for (const n of [gemeindeId, year, count]) {
      if (!Number.isSafeInteger(n)) throw new TypeError('reserve: integer expected');
    }
    const results = (await pool.query(
      `begin; set local synchronous_commit to off;
       insert into meldeschein_counters (gemeinde_id, year, last) values (${gemeindeId}, ${year}, ${count})
       on conflict (gemeinde_id, year) do update set last = meldeschein_counters.last + ${count}
       returning last; commit;`,
    )) as { rows: { last: number }[] }[];
    const last = results[2]?.rows[0]?.last;
    if (typeof last !== 'number') throw new Error('reserve: no counter row returned');
    return last - count + 1;
  }
  const [row] = await db
    .insert(meldescheinCounters)
    .values({ gemeindeId, year, last: count })
    .onConflictDoUpdate({
      target: [meldescheinCounters.gemeindeId, meldescheinCounters.year],
      set: { last: sql`${meldescheinCounters.last} + ${count}` },
    })
    .returning({ last: meldescheinCounters.last });
  return row!.last - count + 1;
}

const MAX_BLOCK = 64;
const BLOCK_WINDOW_MS = 1000;

/** Numbers reserved but not yet handed out, per database, municipality and year. */
class Block {
  next = 0;
  end = 0;
  size = 1;
  lastRefill = 0;
  refilling: Promise<void> | null = null;

  async take(db: Db, gemeindeId: number, year: number, count: number): Promise<number> {
    for (;;) {
      if (this.end - this.next >= count) {
        const first = this.next;
        this.next += count;
        return first;
      }
      // One refill at a time; callers arriving meanwhile wait for it and try again.
      this.refilling ??= this.refill(db, gemeindeId, year, count).finally(() => {
        this.refilling = null;
      });
      await this.refilling;
    }
  }

  private async refill(db: Db, gemeindeId: number, year: number, count: number) {
    const now = Date.now();
    this.size = now - this.lastRefill < BLOCK_WINDOW_MS ? Math.min(MAX_BLOCK, this.size * 2) : 1;
    this.lastRefill = now;
    const size = Math.max(count, this.size);
    const first = await reserve(db, gemeindeId, year, size);
    this.next = first;
    this.end = first + size;
  }
}

const blocks = new WeakMap<Db, Map<string, Block>>();

/** `count` fresh meldescheinnummern of a municipality for a booking in `today`'s year. */
export async function reserveNummern(
  db: Db,
  gemeindeId: number,
  today: string,
  count: number,
): Promise<string[]> {
  const year = Number(today.slice(0, 4));
  let perDb = blocks.get(db);
  if (!perDb) {
    perDb = new Map();
    blocks.set(db, perDb);
  }
  const key = `${gemeindeId}:${year}`;
  let block = perDb.get(key);
  if (!block) {
    block = new Block();
    perDb.set(key, block);
  }
  const first = await block.take(db, gemeindeId, year, count);
  return Array.from({ length: count }, (_, i) => `${year}-${String(first + i).padStart(6, '0')}`);
}
