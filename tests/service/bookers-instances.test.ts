// Every instance at once (issue 38, decision 032): two instances on one PostgreSQL database, the
// test's process (where the office makes its change) and another process running the service's
// start-up and front door (tests/helpers/second-instance.ts), each with caches of its own. An
// object the office deactivates is refused by the other instance at once (it kept the
// municipality's objects for 30 s), a deactivated account's token at once (it kept the account
// for 5 s). When its listening connection was cut, a change made meanwhile counts there once it
// listens again (1 s later), not only after the 30 s. Skipped on PGlite (one process per database).
import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '@/lib/office/audit/audit';
import { changeObjektActive, changeUserActiveById } from '@/lib/office/landlords/edits';
import { findUserByLogin } from '@/lib/service/accounts/users';
import { useTestDb } from '../helpers/db';
import { person, query } from './meldeschein-fixtures';

const t = useTestDb();
/** Far below the caches' 30 s and 5 s, far above a notification's way (a few ms here). */
const AT_ONCE_MS = 1_000;

let other: ChildProcess | undefined;
let base = '';

async function startOther(url: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/second-instance.ts'], {
    env: { ...process.env, DATABASE_URL: url, SEED_DEMO: '0' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  other = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /port (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}/api/`);
    });
    child.once('exit', (code) => reject(new Error(`the other instance exited with ${code}`)));
  });
}

const bookAs = (token: string, objekt: number) =>
  call(
    'import/meldeschein/buchen/',
    {
      meta: { gemeinde: t.demo.gemeinden.seeblick.id, objekt },
      meldescheine: [{ ms_type: 'ems', personen: [person()] }],
    },
    token,
  );

const call = async (path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'user-agent': 'meldeportal-tests/1.0',
      'content-type': 'application/json',
      ...(token ? { authorization: `JWT ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

/** Milliseconds until `refused` says the other instance refuses, or null after `limitMs`. */
async function msUntil(refused: () => Promise<boolean>, limitMs: number): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await refused()) return Math.round(performance.now() - start);
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    base = await startOther(t.url!);
  }, 120_000);

  afterAll(() => {
    other?.stdin?.end();
  });

  it('refuses an object the office deactivated on the other instance at once', async () => {
    const token = (await call('token/', { username: 'demo', password: 'demo' })).json
      .token as string;
    const objekt = t.demo.objekte.moeweA;
    const book = () => bookAs(token, objekt);
    // The other instance books, so it keeps the municipality's objects from now on.
    expect((await book()).status).toBe(200);
    expect(await changeObjektActive(t.db, objekt, false, CLI_ACTOR)).toBe(true);
    const refusedAfter = await msUntil(async () => (await book()).status === 403, AT_ONCE_MS);
    console.info(`the other instance refused the deactivated object after ${refusedAfter} ms`);
    expect(refusedAfter).not.toBeNull();
    const refused = await book();
    expect(refused.json).toMatchObject({ error: { details: [{ code: 'not_available' }] } });
    // Active again: it books again at once there too.
    expect(await changeObjektActive(t.db, objekt, true, CLI_ACTOR)).toBe(true);
    expect(await msUntil(async () => (await book()).status === 200, AT_ONCE_MS)).not.toBeNull();
  });

  it("refuses a deactivated account's token on the other instance at once", async () => {
    const token = (await call('token/', { username: 'demo2', password: 'demo2' })).json
      .token as string;
    const me = () => call('users/get_current_user/', undefined, token);
    // The other instance has just checked the account, so it keeps it from now on.
    expect((await me()).status).toBe(200);
    const user = (await findUserByLogin(t.db, 'demo2'))!;
    expect(await changeUserActiveById(t.db, user.id, false, CLI_ACTOR)).toBe(true);
    const refusedAfter = await msUntil(async () => (await me()).status === 401, AT_ONCE_MS);
    console.info(
      `the other instance refused the deactivated account's token after ${refusedAfter} ms`,
    );
    expect(refusedAfter).not.toBeNull();
  });

  it('after its listening connection was cut, takes a change made meanwhile once it listens again', async () => {
    const token = (await call('token/', { username: 'demo', password: 'demo' })).json
      .token as string;
    const objekt = t.demo.objekte.moeweB;
    expect((await bookAs(token, objekt)).status).toBe(200);
    const cut = await query<{ pid: number }>(
      t,
      sql`select pg_terminate_backend(pid) as pid from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN %'`,
    );
    expect(cut).toHaveLength(1);
    // Announced while the other instance does not listen: it misses the notification.
    expect(await changeObjektActive(t.db, objekt, false, CLI_ACTOR)).toBe(true);
    const refusedAfter = await msUntil(
      async () => (await bookAs(token, objekt)).status === 403,
      5_000,
    );
    console.info(`after the cut, the other instance refused the object after ${refusedAfter} ms`);
    expect(refusedAfter).not.toBeNull();
  });
});
