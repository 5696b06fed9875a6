// The one database module: PGlite (embedded, under DATA_DIR) unless DATABASE_URL names a
// PostgreSQL server. Opened lazily, once per process, shared through globalThis so the service
// (server.ts) and Next's bundle use the same connection.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { dataDir, env } from '../env';
import * as schema from './schema';
import { installGroupCommit } from './group-commit';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type SessionQuery = (
  text: string,
  params?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'pg';
  /**
   * PostgreSQL: runs `work` on one connection of its own (statements that must share a session,
   * such as a `SET` before a `VACUUM`, which no transaction may hold); its settings are reset
   * after. (PGlite has one session only.)
   */
  session?<T>(work: (query: SessionQuery) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL: LISTENs on `channel` on a connection of its own (outside the pool) and calls
   * `onNotify` with each notification's payload; a lost connection is made again (after 1, 2, 4 …
   * at most 30 s), and `onGap` is called each time it starts listening (notifications sent before
   * were missed). Stopped by the returned function and by `close()`. (PGlite: one process only.)
   */
  listen?(channel: string, onNotify: (payload: string) => void, onGap: () => void): () => void;
  close(): Promise<void>;
}

const MIGRATIONS = path.resolve(process.cwd(), 'drizzle');

/**
 * The advisory lock of start-up work (migrations, the demo seed): instances starting together on
 * one empty database take turns, and each finds what the one before it did.
 */
const STARTUP_LOCK = 727001;

/** Hold the start-up lock until the end of the transaction `tx`. */
export async function lockStartup(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`);
}

/** Open a database and bring it to the latest migration. */
export async function openDb(opts: {
  url?: string;
  dir?: string | null;
  /** Embedded only: commits flushed to the disk (fsync); see durable-fs.ts. */
  durable?: boolean;
}): Promise<DbHandle> {
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.url, max: 20 });
    // pg-pool re-emits the error of an idle connection (server restart, terminated backend) on
    // the pool; with no listener that event would end the process.
    pool.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`));
    const db = drizzle(pool, { schema });
    // Several instances may start together: one migrates, the others wait.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
      client.release();
    }
    const listeners = new Set<() => void>();
    return {
      db: db as unknown as Db,
      driver: 'pg',
      listen: (channel, onNotify, onGap) => {
        const stop = listenOn(opts.url!, channel, onNotify, onGap);
        const stopAndForget = () => {
          listeners.delete(stopAndForget);
          stop();
        };
        listeners.add(stopAndForget);
        return stopAndForget;
      },
      session: async (work) => {
        const connection = await pool.connect();
        try {
          return await work((text, params) => connection.query(text, params));
        } finally {
          await connection.query('reset all').catch(() => {});
          connection.release();
        }
      },
      close: () => {
        for (const stop of [...listeners]) stop();
        return pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const releaseLock = opts.dir ? lockDataDir(opts.dir) : () => {};
  try {
    const client = opts.dir
      ? await openEmbedded(opts.dir, opts.durable ?? true)
      : await PGlite.create();
    installGroupCommit(client);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

const LISTEN_RETRY_MAX_MS = 30_000;

/** One LISTEN connection, made again after a loss (see DbHandle.listen). */
function listenOn(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void,
): () => void {
  let stopped = false;
  let client: import('pg').Client | null = null;
  let retryMs = 1_000;
  let timer: NodeJS.Timeout | null = null;
  const again = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
  };
  const connect = async () => {
    const { Client } = await import('pg');
    const c = new Client({ connectionString: url, keepAlive: true });
    client = c;
    let lost = false;
    const loss = (why: string) => {
      if (lost || stopped) return;
      lost = true;
      console.warn(`database: the ${channel} listener lost its connection (${why})`);
      c.end().catch(() => {});
      again();
    };
    c.on('error', (err) => loss(err.message));
    c.on('end', () => loss('closed'));
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      loss(err instanceof Error ? err.message : 'connect failed');
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    retryMs = 1_000;
    onGap();
  };
  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    client?.end().catch(() => {});
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function openEmbedded(dir: string, durable: boolean) {
  const { PGlite } = await import('@electric-sql/pglite');
  const folder = path.join(dir, 'pglite');
  if (!durable) return PGlite.create(folder);
  const { DurableNodeFS, durableStartParams } = await import('./durable-fs');
  return PGlite.create({ fs: new DurableNodeFS(folder), startParams: durableStartParams() });
}

export class DataDirLockedError extends Error {}

/**
 * PGlite takes no lock of its own; two processes on one folder silently diverge. An exclusive
 * lock file with the owner's pid refuses the second process (a stale file of a dead pid is taken over).
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'meldeportal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(file, { force: true });
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is already in use by process ${pid}. ` +
            'Stop that process, or give this one its own DATA_DIR, or use DATABASE_URL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const KEY = Symbol.for('meldeportal.db');
type Holder = { [KEY]?: Promise<DbHandle> };

/** The process-wide database, opened on first use from the environment. */
export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    const e = env();
    g[KEY] = openDb({ url: e.DATABASE_URL, dir: e.DATABASE_URL ? null : dataDir() });
    g[KEY].catch(() => {
      delete g[KEY];
    });
  }
  return g[KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Install an already opened database as the process-wide one (tests, scripts). */
export function setDbHandle(handle: DbHandle): void {
  (globalThis as Holder)[KEY] = Promise.resolve(handle);
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
