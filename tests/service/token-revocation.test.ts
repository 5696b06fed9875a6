// A password change or deactivation revokes every token issued before it (issue 8), and
// token/refresh/ cannot turn a revoked token into a fresh one.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '@/lib/db/schema';
import { setPassword, setUserActive } from '@/lib/service/accounts/revocation';
import { createUser } from '@/lib/service/provisioning';
import { ErrorBody } from '@/lib/wire/errors';
import { apiClient } from '../helpers/api';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const api = () => apiClient(t);
const me = (token: string) => api().get('users/get_current_user/', { token });
const refresh = (token: string) => api().post<{ token: string }>('token/refresh/', {}, { token });

async function account(name: string): Promise<string> {
  await createUser(t.db, { username: name }, name);
  return name;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('token revocation', () => {
  it('refuses tokens issued before a password change; a new sign-in works', async () => {
    const name = await account('changer');
    const old = await api().login(name);
    expect((await me(old)).status).toBe(200); // now remembered by the auth cache
    await setPassword(t.db, name, 'new-password');
    const res = await me(old);
    expect(res.status).toBe(401);
    expect(ErrorBody.parse(res.json).error.code).toBe('token_invalid');
    expect((await refresh(old)).status).toBe(401);
    const fresh = await api().login(name, 'new-password');
    expect((await me(fresh)).status).toBe(200);
    expect((await refresh(fresh)).status).toBe(200);
  });

  it('tells apart tokens issued in the same second before and after the change', async () => {
    const name = await account('samesecond');
    vi.useFakeTimers({ toFake: ['Date'] });
    const second = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    vi.setSystemTime(second + 100);
    const before = await api().login(name);
    vi.setSystemTime(second + 400);
    await setPassword(t.db, name, name);
    vi.setSystemTime(second + 700);
    const after = await api().login(name);
    expect((await me(before)).status).toBe(401);
    expect((await me(after)).status).toBe(200);
  });

  it('refuses tokens of a deactivated account, also after it is activated again', async () => {
    const name = await account('leaver');
    const old = await api().login(name);
    expect((await refresh(old)).status).toBe(200);
    await setUserActive(t.db, name, false);
    expect((await me(old)).status).toBe(401);
    expect((await refresh(old)).status).toBe(401);
    expect((await api().post('token/', { username: name, password: name })).status).toBe(401);
    await setUserActive(t.db, name, true);
    expect((await me(old)).status).toBe(401);
    const fresh = await api().login(name);
    expect((await me(fresh)).status).toBe(200);
  });

  it('does not let token/refresh/ outrun a change made by another instance (past the auth cache)', async () => {
    const name = await account('refresher');
    const old = await api().login(name);
    expect((await me(old)).status).toBe(200); // remembered by this instance's auth cache
    // Another instance (or the admin CLI) revokes: this process's cache is not told.
    await t.db.update(users).set({ tokensValidAfter: new Date() }).where(eq(users.username, name));
    expect((await refresh(old)).status).toBe(401);
  });
});
