// Sign-in abuse (issues 8 and 17): the failed-login budgets hold against parallel guesses and are
// shared by every instance on one database; they count per account and address (so a stranger's
// guessing does not lock the landlord out at home), per account with a higher ceiling and per
// address; an account's user name and e-mail share them; the client address comes from
// X-Forwarded-For only when the direct peer is a trusted proxy.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDb, type DbHandle } from '@/lib/db';
import { reloadEnv } from '@/lib/env';
import { createServiceHandler } from '@/lib/service';
import { CheckSlots } from '@/lib/service/accounts/check-slots';
import { reserveAttempt } from '@/lib/service/accounts/rate-limit';
import { createUser } from '@/lib/service/provisioning';
import { ErrorBody } from '@/lib/wire/errors';
import { apiClient, type CallOptions } from '../helpers/api';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const api = () => apiClient(t);
const code = (res: { json: unknown }) => ErrorBody.parse(res.json).error.code;
const remote = (i: number) => ({ clientAddress: `192.0.2.${i % 250}` });

/** A fresh account per test: each test spends its own budget. */
async function account(name: string): Promise<string> {
  await createUser(t.db, { username: name, email: `${name}@Example.test` }, name);
  return name;
}

const seconds: DbHandle[] = [];
afterAll(async () => {
  for (const h of seconds) await h.close();
});

/** Run `body` with environment variables set, then restore them. */
async function withEnv(vars: Record<string, string>, body: () => Promise<void>) {
  Object.assign(process.env, vars);
  reloadEnv();
  try {
    await body();
  } finally {
    for (const name of Object.keys(vars)) delete process.env[name];
    reloadEnv();
  }
}

const wrong = (name: string, o: CallOptions) =>
  api().post('token/', { username: name, password: 'wrong' }, o);
const right = (name: string, o: CallOptions) =>
  api().post('token/', { username: name, password: name }, o);

describe('failed-login budget', () => {
  it('holds against 100 parallel guesses: the right password at position 40 is not accepted', async () => {
    const name = await account('parallel');
    const from = { clientAddress: '192.0.2.200' };
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api().post('token/', { username: name, password: i === 40 ? name : `wrong${i}` }, from),
      ),
    );
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(10);
    expect(results[40]!.status).not.toBe(200);
    for (const r of results.filter((x) => x.status === 429)) {
      expect(code(r)).toBe('rate_limited');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('reserves atomically: of 40 parallel reservations on one key exactly 10 are allowed', async () => {
    const now = new Date();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () =>
        reserveAttempt(t.db, [{ key: 'address:198.18.0.1', max: 10 }], now),
      ),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
  });

  it("does not let a stranger's guesses lock the landlord out at their own address", async () => {
    const name = await account('stranger');
    const stranger = { clientAddress: '203.0.113.9' };
    for (let i = 0; i < 10; i++) expect((await wrong(name, stranger)).status).toBe(401);
    // The stranger is stopped ...
    expect((await right(name, stranger)).status).toBe(429);
    // ... the landlord at home is not.
    expect((await right(name, { clientAddress: '198.51.100.7' })).status).toBe(200);
  });

  it('counts a stranger on IPv6 per /64: the landlord in another /64 signs in', async () => {
    const name = await account('strangersix');
    for (let i = 0; i < 10; i++) {
      const from = { clientAddress: `2001:db8:5:5::${(i + 1).toString(16)}` };
      expect((await wrong(name, from)).status).toBe(401);
    }
    expect((await right(name, { clientAddress: '2001:0db8:0005:0005:ffff:1:2:3' })).status).toBe(
      429,
    );
    expect((await right(name, { clientAddress: '2001:db8:5:6::1' })).status).toBe(200);
  });

  it('still bounds guessing spread over many addresses: the account has a higher ceiling', async () => {
    await withEnv({ LOGIN_MAX_ACCOUNT_FAILURES: '30' }, async () => {
      const name = await account('spread');
      // One guess from each of 30 addresses: no pair budget is near its end.
      for (let i = 0; i < 30; i++) expect((await wrong(name, remote(i))).status).toBe(401);
      // Then the account's own ceiling stops the next guess from a fresh address, and also the
      // landlord at home waits until the window ends: guessing stays bounded.
      expect((await right(name, remote(31))).status).toBe(429);
      expect((await right(name, { clientAddress: '198.51.100.99' })).status).toBe(429);
    });
  });

  it("shares one budget between an account's user name and its e-mail address", async () => {
    const name = await account('twonames');
    const from = { clientAddress: '192.0.2.77' };
    for (let i = 0; i < 5; i++) {
      const byName = await wrong(name, from);
      const byMail = await wrong(`${name.toUpperCase()}@example.TEST`, from);
      expect([byName.status, byMail.status]).toEqual([401, 401]);
    }
    expect((await right(name, from)).status).toBe(429);
    expect((await right(`${name}@example.test`, from)).status).toBe(429);
    await withEnv({ LOGIN_MAX_ACCOUNT_FAILURES: '12' }, async () => {
      // By name from one address, by e-mail from another: one account budget.
      const other = { clientAddress: '192.0.2.78' };
      expect((await wrong(`${name}@example.test`, other)).status).toBe(401);
      expect((await wrong(name, { clientAddress: '192.0.2.79' })).status).toBe(401);
      expect((await right(name, { clientAddress: '192.0.2.80' })).status).toBe(429);
    });
  });

  it('bounds a guesser trying many accounts from one address', async () => {
    await withEnv({ LOGIN_MAX_ADDRESS_FAILURES: '15' }, async () => {
      const name = await account('sprayed');
      const from = { clientAddress: '192.0.2.150' };
      for (let i = 0; i < 15; i++) {
        expect((await wrong(`spray${i}`, from)).status).toBe(401);
      }
      expect((await right(name, from)).status).toBe(429);
      expect((await right(name, { clientAddress: '192.0.2.151' })).status).toBe(200);
    });
  });

  it('is shared by two instances on one database', async () => {
    const name = await account('instances');
    // On PostgreSQL a second pool stands for a second instance; PGlite is one process per folder.
    let secondDb = t.db;
    if (t.url) {
      const handle = await openDb({ url: t.url });
      seconds.push(handle);
      secondDb = handle.db;
    }
    const a = apiClient(t);
    const b = createServiceHandler({ db: async () => secondDb });
    const from = '198.51.100.40';
    const viaB = (password: string) =>
      b(
        new Request('http://service.test/api/token/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'tests' },
          body: new TextEncoder().encode(JSON.stringify({ username: name, password })),
        }),
        { clientAddress: from },
      );
    for (let i = 0; i < 10; i++) {
      const status =
        i % 2
          ? (await a.post('token/', { username: name, password: 'x' }, { clientAddress: from }))
              .status
          : (await viaB('x')).status;
      expect(status).toBe(401);
    }
    expect((await viaB(name)).status).toBe(429);
    expect((await right(name, { clientAddress: from })).status).toBe(429);
  });

  it('counts neither a successful sign-in nor a malformed body', async () => {
    const name = await account('counted');
    const remote = () => ({ clientAddress: '198.18.3.1' });
    for (let i = 0; i < 12; i++) {
      expect((await api().post('token/', { username: name }, remote())).status).toBe(400);
    }
    for (let i = 0; i < 9; i++) {
      expect((await api().post('token/', { username: name, password: 'x' }, remote())).status).toBe(
        401,
      );
    }
    const ok = [];
    for (let i = 0; i < 3; i++) {
      ok.push((await api().post('token/', { username: name, password: name }, remote())).status);
    }
    expect(ok).toEqual([200, 200, 200]);
    expect((await api().post('token/', { username: name, password: 'x' }, remote())).status).toBe(
      401,
    );
    expect((await api().post('token/', { username: name, password: name }, remote())).status).toBe(
      429,
    );
  });
});

describe('client address behind a trusted proxy', () => {
  const viaPortal = (browser: string) => ({
    clientAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': browser },
  });

  it('counts the forwarded browser address when the peer is a trusted proxy (loopback)', async () => {
    const name = await account('portaluser');
    for (let i = 0; i < 10; i++) await wrong(name, viaPortal('203.0.113.50'));
    expect((await right(name, viaPortal('203.0.113.50'))).status).toBe(429);
    // Another browser behind the same portal is not locked out.
    expect((await right(name, viaPortal('203.0.113.51'))).status).toBe(200);
  });

  it('takes the last address a trusted proxy appended, not one the client made up', async () => {
    const name = await account('chained');
    for (let i = 0; i < 10; i++) await wrong(name, viaPortal(`10.0.0.${i}, 203.0.113.60`));
    expect((await right(name, viaPortal('10.0.0.99, 203.0.113.60'))).status).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const name = await account('spoofed');
    const spoof = (i: number) => ({
      clientAddress: '203.0.113.77',
      headers: { 'x-forwarded-for': `10.9.8.${i}` },
    });
    for (let i = 0; i < 10; i++) await wrong(name, spoof(i));
    expect((await right(name, spoof(99))).status).toBe(429);
  });

  it('counts IPv6 clients per /64 prefix', async () => {
    const name = await account('sixtyfour');
    for (let i = 0; i < 10; i++) {
      await wrong(name, { clientAddress: `2001:db8:7:7::${(i + 1).toString(16)}` });
    }
    expect((await right(name, { clientAddress: '2001:0db8:0007:0007:ffff:1:2:3' })).status).toBe(
      429,
    );
    expect((await right(name, { clientAddress: '2001:db8:7:8::1' })).status).toBe(200);
  });

  it('no longer exempts loopback callers: without a forwarded address they share one budget', async () => {
    const name = await account('loopback');
    const o = { clientAddress: '::1' };
    for (let i = 0; i < 10; i++) await wrong(name, o);
    expect((await right(name, o)).status).toBe(429);
  });
});

describe('bounded password checks', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** One check running (it ends when `finish` is called), none waiting, refusals held 1 s. */
  function busySlots(maxHeld: number) {
    const slots = new CheckSlots({
      capacity: () => 1,
      queueLength: () => 0,
      holdMs: 1000,
      maxHeld,
    });
    let finish = () => {};
    const running = slots.run(() => new Promise<void>((resolve) => (finish = resolve)));
    return { slots, running, finish: () => finish() };
  }

  const settled = (p: Promise<unknown>) => {
    let done = false;
    p.then(
      () => (done = true),
      () => (done = true),
    );
    return () => done;
  };

  it('holds a refusal back for the hold time, so a client that ignores Retry-After cannot spin', async () => {
    vi.useFakeTimers();
    const { slots, running, finish } = busySlots(4);
    const refused = slots.run(async () => 'checked');
    const isSettled = settled(refused);
    await vi.advanceTimersByTimeAsync(999);
    expect(isSettled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(refused).rejects.toMatchObject({
      code: 'service_busy',
      headers: { 'retry-after': '1' },
    });
    finish();
    await running;
    // The held refusal took no slot: the next sign-in is checked.
    await expect(slots.run(async () => 'checked')).resolves.toBe('checked');
  });

  it('sends refusals at once beyond the cap of held ones', async () => {
    vi.useFakeTimers();
    const { slots, running, finish } = busySlots(2);
    const held = [slots.run(async () => 0), slots.run(async () => 0)];
    const heldSettled = held.map(settled);
    await expect(slots.run(async () => 0)).rejects.toMatchObject({ code: 'service_busy' });
    expect(heldSettled.map((s) => s())).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(1000);
    for (const p of held) await expect(p).rejects.toMatchObject({ code: 'service_busy' });
    finish();
    await running;
  });
});
