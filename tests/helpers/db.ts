// A fresh database per test file, built from the migrations: PGlite in memory by default, a new
// database on the PostgreSQL server named by TEST_DATABASE_URL when set (dropped afterwards).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openDb, setDbHandle, type Db, type DbHandle } from '@/lib/db';
import { seedDemo, type DemoIds } from '@/lib/service/provisioning/demo';

export interface TestDb {
  db: Db;
  handle: DbHandle;
  demo: DemoIds;
  /** The PostgreSQL database's URL (a second pool on it stands for a second instance). */
  url?: string;
}

export async function createDatabase(
  base: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  // pg falls back to $USER, which a CI shell may not set; the local server trusts `postgres`.
  const withUser = new URL(base);
  if (!withUser.username) withUser.username = process.env.PGUSER ?? 'postgres';
  const baseUrl = withUser.toString();
  const name = `mp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function openTestDb(): Promise<{
  handle: DbHandle;
  url?: string;
  dispose: () => Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const handle = await openDb({ dir: null });
    return { handle, dispose: () => handle.close() };
  }
  const { url, drop } = await createDatabase(base);
  const handle = await openDb({ url });
  return {
    handle,
    url,
    dispose: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** Register hooks that give the file a seeded database; read its fields inside tests. */
export function useTestDb(): TestDb {
  const ctx = {} as TestDb;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openTestDb();
    dispose = opened.dispose;
    ctx.handle = opened.handle;
    ctx.db = opened.handle.db;
    ctx.url = opened.url;
    setDbHandle(opened.handle);
    ctx.demo = await seedDemo(ctx.db);
  });
  afterAll(async () => {
    await dispose?.();
  });
  return ctx;
}

/**
 * A fresh database for the file, built from the migrations and not seeded (the portal's own
 * tables), with `tables` emptied before each test, in the order given.
 */
export function useEmptyDb(tables: PgTable[] = []): { readonly db: Db } {
  const ctx = {} as { db: Db };
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openTestDb();
    dispose = opened.dispose;
    ctx.db = opened.handle.db;
    setDbHandle(opened.handle);
  });
  afterAll(async () => {
    await dispose?.();
  });
  beforeEach(async () => {
    for (const t of tables) await ctx.db.delete(t);
  });
  return ctx;
}

/**
 * A second instance on the file's database, for races between instances: on PostgreSQL its own
 * pool, on PGlite (one connection) the same database. Open inside the describe that uses it.
 */
export function useSecondInstance(t: TestDb): { readonly db: Db } {
  let second: DbHandle | undefined;
  beforeAll(async () => {
    if (t.url) second = await openDb({ url: t.url });
  });
  afterAll(async () => {
    await second?.close();
  });
  return {
    get db() {
      return second?.db ?? t.db;
    },
  };
}
