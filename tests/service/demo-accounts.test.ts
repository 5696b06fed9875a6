// Demo accounts on a real server (issue 17): the embedded database loads them with published
// passwords at its first start, also on a server others can reach. Such a password opens its
// account only from this machine, unless the operator asked for the demo data (SEED_DEMO=1).
import { afterEach, describe, expect, it } from 'vitest';
import { reloadEnv } from '@/lib/env';
import { basicAuthUser, forgetBasicCredentials } from '@/lib/service/accounts/basic';
import { setPassword } from '@/lib/service/provisioning';
import { ServiceError } from '@/lib/wire/errors';
import { apiClient } from '../helpers/api';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const signIn = (username: string, password: string, clientAddress: string) =>
  apiClient(t).post('token/', { username, password }, { clientAddress });

describe('demo accounts', () => {
  afterEach(() => {
    delete process.env.SEED_DEMO;
    reloadEnv();
  });

  it('open with their published password only from this machine when not asked for', async () => {
    for (const address of ['192.0.2.10', '2001:db8::10', '10.0.0.5']) {
      expect((await signIn('demo', 'demo', address)).status, address).toBe(401);
    }
    expect((await signIn('anna@fewo-moewe.example', 'demo', '192.0.2.11')).status).toBe(401);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await signIn('demo2', 'demo2', address)).status, address).toBe(200);
    }
    process.env.SEED_DEMO = '0';
    reloadEnv();
    expect((await signIn('multi', 'multi', '192.0.2.12')).status).toBe(401);
  });

  it('open from anywhere when SEED_DEMO=1 was set explicitly', async () => {
    process.env.SEED_DEMO = '1';
    reloadEnv();
    expect((await signIn('multi', 'multi', '192.0.2.13')).status).toBe(200);
  });

  it('over AVS’s HTTP Basic, a pair checked from this machine still opens only from it', async () => {
    forgetBasicCredentials();
    const pair = { login: 'demo', password: 'demo' };
    const local = await basicAuthUser(t.db, pair, '127.0.0.1', new Date());
    expect(local.username).toBe('demo');
    const remote = await basicAuthUser(t.db, pair, '192.0.2.15', new Date()).then(
      () => 'opened',
      (err: unknown) => (err instanceof ServiceError ? err.status : err),
    );
    expect(remote).toBe(401);
  });

  it('with a password of their own are ordinary accounts', async () => {
    await setPassword(t.db, 'demo2', 'a-password-of-her-own');
    expect((await signIn('demo2', 'a-password-of-her-own', '192.0.2.14')).status).toBe(200);
  });
});
