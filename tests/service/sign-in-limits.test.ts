// Sign-in abuse (issue 8): the failed-login budget holds against parallel guesses and is shared by
// every instance on one database; an account's user name and e-mail share it; the client address
// comes from X-Forwarded-For only when the direct peer is a trusted proxy.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDb, type DbHandle } from '@/lib/db';
import { createServiceHandler } from '@/lib/service';
import { CheckSlots } from '@/lib/service/accounts/check-slots';
import { reserveAttempt } from '@/lib/service/accounts/rate-limit';
import { createUser } from '@/lib/service/provisioning';
import { ErrorBody } from '@/lib/wire/errors';
import { apiClient } from '../helpers/api';
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

describe('failed-login budget', () => {
  it('holds against 100 parallel guesses: the right password at position 40 is not accepted', async () => {
    const name = await account('parallel');
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api().post(
          'token/',
          { username: name, password: i === 40 ? name : `wrong${i}` },
          remote(i),
        ),
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
      Array.from({ length: 40 }, () => reserveAttempt(t.db, ['address:198.18.0.1'], now)),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
  });

  it("shares one budget between an account's user name and its e-mail address", async () => {
    const name = await account('twonames');
    for (let i = 0; i < 5; i++) {
      const byName = await api().post('token/', { username: name, password: 'x' }, remote(i));
      const byMail = await api().post(
        'token/',
        { username: `${name.toUpperCase()}@example.TEST`, password: 'x' },
        remote(i + 100),
      );
      expect([byName.status, byMail.status]).toEqual([401, 401]);
    }
    const right = await api().post('token/', { username: name, password: name }, remote(7));
    expect(right.status).toBe(429);
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
    const viaB = (password: string, i: number) =>
      b(
        new Request('http://service.test/api/token/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'tests' },
          body: new TextEncoder().encode(JSON.stringify({ username: name, password })),
        }),
        { clientAddress: `198.51.100.${i}` },
      );
    for (let i = 0; i < 10; i++) {
      const status =
        i % 2
          ? (await a.post('token/', { username: name, password: 'x' }, remote(i))).status
          : (await viaB('x', i)).status;
      expect(status).toBe(401);
    }
    expect((await viaB(name, 11)).status).toBe(429);
    expect((await a.post('token/', { username: name, password: name }, remote(12))).status).toBe(
      429,
    );
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
    for (let i = 0; i < 10; i++) {
      await api().post(
        'token/',
        { username: `typo${i}`, password: 'x' },
        viaPortal('203.0.113.50'),
      );
    }
    const blocked = await api().post(
      'token/',
      { username: name, password: name },
      viaPortal('203.0.113.50'),
    );
    expect(blocked.status).toBe(429);
    // Another browser behind the same portal is not locked out.
    const other = await api().post(
      'token/',
      { username: name, password: name },
      viaPortal('203.0.113.51'),
    );
    expect(other.status).toBe(200);
  });

  it('takes the last address a trusted proxy appended, not one the client made up', async () => {
    const name = await account('chained');
    for (let i = 0; i < 10; i++) {
      await api().post(
        'token/',
        { username: `chain${i}`, password: 'x' },
        viaPortal(`10.0.0.${i}, 203.0.113.60`),
      );
    }
    const blocked = await api().post(
      'token/',
      { username: name, password: name },
      viaPortal('10.0.0.99, 203.0.113.60'),
    );
    expect(blocked.status).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const name = await account('spoofed');
    const spoof = (i: number) => ({
      clientAddress: '203.0.113.77',
      headers: { 'x-forwarded-for': `10.9.8.${i}` },
    });
    for (let i = 0; i < 10; i++) {
      await api().post('token/', { username: `spoof${i}`, password: 'x' }, spoof(i));
    }
    expect((await api().post('token/', { username: name, password: name }, spoof(99))).status).toBe(
      429,
    );
  });

  it('counts IPv6 clients per /64 prefix', async () => {
    const name = await account('sixtyfour');
    for (let i = 0; i < 10; i++) {
      await api().post(
        'token/',
        { username: `v6guess${i}`, password: 'x' },
        { clientAddress: `2001:db8:7:7::${(i + 1).toString(16)}` },
      );
    }
    const same = { clientAddress: '2001:0db8:0007:0007:ffff:1:2:3' };
    expect((await api().post('token/', { username: name, password: name }, same)).status).toBe(429);
    const other = { clientAddress: '2001:db8:7:8::1' };
    expect((await api().post('token/', { username: name, password: name }, other)).status).toBe(
      200,
    );
  });

  it('no longer exempts loopback callers: without a forwarded address they share one budget', async () => {
    const name = await account('loopback');
    const o = { clientAddress: '::1' };
    for (let i = 0; i < 10; i++) {
      await api().post('token/', { username: `local${i}`, password: 'x' }, o);
    }
    expect((await api().post('token/', { username: name, password: name }, o)).status).toBe(429);
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
