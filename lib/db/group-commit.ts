// Group commit on the embedded database (docs/decisions/041-embedded-group-commit.md). PGlite runs
// one statement at a time in the server's own thread, and with durable commits (durable-fs.ts)
// every commit waits for one host fsync of the WAL: under concurrent bookings a quarter to a third
// of a booking's time, spent blocking the thread. PostgreSQL's server shares one WAL flush among
// the commits that wait at the same moment; PGlite, one backend, cannot. So it is done here:
//
// - A booking commits without waiting for the disk (`SET LOCAL synchronous_commit = off`, its own
//   transaction as before) and is answered only after a flush that PGlite ran after it. The first
//   booking to finish queues the flush; the bookings queued before the flush share it.
// - The flush writes one empty WAL record and flushes the WAL up to it
//   (`pg_logical_emit_message(…, flush => true)`, PostgreSQL 17+), every earlier commit included.
//   (A statement that only takes a transaction id would not do: PostgreSQL commits a transaction
//   that wrote no WAL of its own asynchronously, without a flush.)
// - No answer shows a commit that is not yet on the disk: any statement PGlite ran after a
//   deferred commit (a read of the portal, another write) waits for that commit's flush before its
//   result is handed back. From outside, commits are durable before anyone sees them, as on
//   PostgreSQL with `synchronous_commit = on`.
//
// This relies on PGlite running `query`, `exec` and `transaction` one at a time in the order they
// were called (one FIFO mutex in 0.5.x), which the sequence numbers below mirror.
import type { PGlite, Results } from '@electric-sql/pglite';

/** Writes the WAL to the disk up to this point (see above). */
const FLUSH = "select pg_logical_emit_message(false, 'meldeportal', '', true)";

export interface GroupCommit {
  /**
   * Runs `text` (statements of one implicit transaction, as one simple query) with its commit
   * deferred to a shared flush; resolves with the results once that flush is on the disk.
   */
  execShared(text: string): Promise<Results[]>;
  /** Flushes run so far (for the tests). */
  readonly counts: { readonly flushes: number };
}

const installed = new WeakMap<object, GroupCommit>();

/** The group commit of a PGlite instance, when `installGroupCommit` was called on it. */
export function groupCommitOf(client: object): GroupCommit | undefined {
  return installed.get(client);
}

/** Wraps `pg`'s query, exec and transaction so that group commits can be used (see above). */
export function installGroupCommit(pg: PGlite): GroupCommit {
  const exec = pg.exec.bind(pg);
  const query = pg.query.bind(pg);
  const transaction = pg.transaction.bind(pg);
  /** Statements handed to PGlite so far: PGlite runs them in this order. */
  let seq = 0;
  /** Deferred commits not yet known to be on the disk, ascending. */
  const pending: number[] = [];
  let flush: { seq: number; done: Promise<void> } | null = null;
  const counts = { flushes: 0 };

  /**
   * A flush that PGlite runs after statement `s`: the one already queued after it, or a new one,
   * queued once the requests that are ready have queued their statements (the next turn of the
   * event loop), so that they share it.
   */
  const flushAfter = (s: number): Promise<void> => {
    if (flush && flush.seq > s) return flush.done;
    const next = { seq: Infinity, done: Promise.resolve() };
    next.done = new Promise((queued) => setImmediate(queued))
      .then(() => {
        next.seq = ++seq;
        return exec(FLUSH);
      })
      .then(() => {
        // PGlite ran every statement numbered below the flush before it: their commits are on disk.
        counts.flushes++;
        while (pending.length && pending[0]! < next.seq) pending.shift();
      });
    flush = next;
    return next.done;
  };

  // Statement `s` may have seen a deferred commit that ran before it, in its result or its error:
  // either is handed back once that commit is on the disk.
  const around =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const s = ++seq;
      try {
        return await run(...args);
      } finally {
        if (pending.length && pending[0]! < s) await flushAfter(s);
      }
    };
  pg.query = around(query) as PGlite['query'];
  pg.exec = around(exec);
  pg.transaction = around(transaction) as PGlite['transaction'];

  const groupCommit: GroupCommit = {
    counts,
    async execShared(text) {
      const s = ++seq;
      pending.push(s);
      try {
        const results = await exec(`set local synchronous_commit = off; ${text}`);
        return results.slice(1);
      } finally {
        await flushAfter(s);
      }
    },
  };
  installed.set(pg, groupCommit);
  return groupCommit;
}
