// Group commit on the embedded database (lib/db/group-commit.ts, decision 041): commits queued
// together share one WAL flush; nothing is answered before the commits it may have seen are on the
// disk; and an answered commit survives the process being killed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@/lib/db';
import { installGroupCommit, type GroupCommit } from '@/lib/db/group-commit';
import { rowsOf } from '@/lib/db/rows';

let pg: PGlite;
let group: GroupCommit;

beforeAll(async () => {
  pg = await PGlite.create();
  group = installGroupCommit(pg);
  await pg.exec('create table t (n int primary key)');
}, 60_000);
afterAll(() => pg.close());

const count = async () =>
  (await pg.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;

describe('group commit', () => {
  it('lets commits queued together share one flush', async () => {
    const flushes = group.counts.flushes;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => group.execShared(`insert into t values (${100 + i})`)),
    );
    expect(group.counts.flushes - flushes).toBe(1);
    expect(await count()).toBeGreaterThanOrEqual(20);
  });

  it('answers a read that ran after a deferred commit only once that commit is flushed', async () => {
    const flushes = group.counts.flushes;
    const write = group.execShared('insert into t values (200)');
    const seen = await pg.query<{ n: number }>('select count(*)::int as n from t where n = 200');
    // The read saw the row, so it may not be answered before the flush that makes the row durable.
    expect(seen.rows[0]!.n).toBe(1);
    expect(group.counts.flushes - flushes).toBe(1);
    await write;
    expect(group.counts.flushes - flushes).toBe(1);
  });

  it('hands back an error that reveals a deferred commit only once that commit is flushed', async () => {
    const flushes = group.counts.flushes;
    const write = group.execShared('insert into t values (250)');
    // The duplicate is refused because of the deferred row: the refusal shows the row exists.
    await expect(pg.query('insert into t values (250)')).rejects.toThrow(/duplicate key/);
    expect(group.counts.flushes - flushes).toBe(1);
    await write;
  });

  it('does not hold up a read that ran before the deferred commit', async () => {
    const flushes = group.counts.flushes;
    const read = pg.query('select 1');
    const write = group.execShared('insert into t values (300)');
    await read;
    expect(group.counts.flushes - flushes).toBe(0);
    await write;
    expect(group.counts.flushes - flushes).toBe(1);
  });

  it('answers a failed commit with its error and keeps the others', async () => {
    const results = await Promise.allSettled([
      group.execShared('insert into t values (400)'),
      group.execShared('insert into t values (400)'),
      group.execShared('insert into t values (401)'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const after = await pg.query<{ n: number }>('select n from t where n >= 400 order by n');
    expect(after.rows.map((r) => r.n)).toEqual([400, 401]);
  });

  it('hands back the results of the statement, not of the setting before it', async () => {
    const [result] = await group.execShared('insert into t values (500) returning n');
    expect(result!.rows).toEqual([{ n: 500 }]);
  });
});

describe('group commit on a data folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-group-commit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every answered commit when the process is killed', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '../fixtures/group-commit-writer.ts'), dir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const answered: number[] = [];
    let ready = false;
    let rest = '';
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`writer ended early (${code})`)));
      child.stdout.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          if (line === 'ready') ready = true;
          else if (ready) answered.push(Number(line));
        }
        if (answered.length >= 500) {
          child.removeAllListeners('exit');
          child.kill('SIGKILL');
          child.once('exit', () => resolve());
        }
      });
    });
    // Killed in the middle of writing: every commit answered before is there after a restart.
    const handle = await openDb({ dir });
    try {
      const rows = rowsOf<{ n: number }>(await handle.db.execute(sql`select n from answered`));
      const stored = new Set(rows.map((r) => r.n));
      expect(answered.filter((n) => !stored.has(n))).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 180_000);
});
