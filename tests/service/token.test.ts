// token/, token/refresh/ and the strict JWT checks (spec 4.1, 5; DECISIONS 2.4).
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { reloadEnv } from '@/lib/env';
import { verifyToken } from '@/lib/service/accounts/tokens';
import { createUser } from '@/lib/service/provisioning';
import { ErrorBody } from '@/lib/wire/errors';
import { apiClient } from '../helpers/api';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const api = () => apiClient(t);
const key = () => new TextEncoder().encode(process.env.JWT_SECRET);
const code = (res: { json: unknown }) => ErrorBody.parse(res.json).error.code;

async function forge(
  claims: Record<string, unknown>,
  o: { exp?: string | number; iss?: string } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuedAt()
    .setJti('forged')
    .setIssuer(o.iss ?? 'test')
    .setExpirationTime(o.exp ?? '1h')
    .sign(key());
}

describe('POST token/', () => {
  it('returns a JWT with the documented claims for JSON credentials', async () => {
    const res = await api().post<{ token: string }>('token/', {
      username: 'demo',
      password: 'demo',
    });
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.json.token);
    expect(claims).toMatchObject({ sub: '1', username: 'demo', iss: 'test' });
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
  });

  it('accepts the e-mail address instead of the username, case-insensitive', async () => {
    const res = await api().post('token/', {
      username: 'Anna@FeWo-Moewe.example',
      password: 'demo',
    });
    expect(res.status).toBe(200);
  });

  it('accepts XML credentials and answers in XML', async () => {
    const res = await api().post('token/', undefined, {
      raw: '<?xml version="1.0" encoding="UTF-8"?><root><username>demo</username><password>demo</password></root>',
      contentType: 'application/xml',
      format: 'xml',
    });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><root><token>[\w-]+\.[\w-]+\.[\w-]+<\/token><\/root>$/,
    );
  });

  it('accepts form data', async () => {
    const res = await api().post('token/', undefined, {
      raw: 'username=demo2&password=demo2',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
    expect(decodeJwt((res.json as { token: string }).token).username).toBe('demo2');
  });

  it('refuses a wrong password and an unknown user alike with 401', async () => {
    const wrong = await api().post('token/', { username: 'demo', password: 'nope' });
    const unknown = await api().post('token/', { username: 'nobody', password: 'nope' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(ErrorBody.parse(wrong.json).error.message).toBe(
      ErrorBody.parse(unknown.json).error.message,
    );
  });

  it('names the missing field of an incomplete body', async () => {
    const res = await api().post('token/', { username: 'demo' });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.json).error.details).toEqual([
      expect.objectContaining({ path: 'password' }),
    ]);
  });

  it('rate-limits failed logins per account and address, with Retry-After, even for the right password', async () => {
    await createUser(t.db, { username: 'limited' }, 'limited-pw');
    const o = { clientAddress: '203.0.113.9' };
    for (let i = 0; i < 10; i++) {
      const res = await api().post('token/', { username: 'limited', password: `x${i}` }, o);
      expect(res.status).toBe(401);
    }
    const blocked = await api().post('token/', { username: 'limited', password: 'limited-pw' }, o);
    expect(blocked.status).toBe(429);
    expect(code(blocked)).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await api().post(
      'token/',
      { username: 'limited', password: 'limited-pw' },
      { clientAddress: '203.0.113.10' },
    );
    expect(other.status).toBe(200);
  });

  it('rate-limits per account across addresses; malformed bodies do not count', async () => {
    process.env.LOGIN_MAX_ACCOUNT_FAILURES = '10';
    reloadEnv();
    try {
      for (let i = 0; i < 5; i++) {
        await api().post('token/', { username: 'multi' }, { clientAddress: `198.51.100.${i}` });
      }
      for (let i = 0; i < 10; i++) {
        await api().post(
          'token/',
          { username: 'multi', password: 'x' },
          { clientAddress: `198.51.100.${i}` },
        );
      }
      const res = await api().post(
        'token/',
        { username: 'multi', password: 'multi' },
        { clientAddress: '127.0.0.1' },
      );
      expect(res.status).toBe(429);
    } finally {
      delete process.env.LOGIN_MAX_ACCOUNT_FAILURES;
      reloadEnv();
    }
  });
});

describe('authentication of calls', () => {
  it('takes the token from Authorization: JWT and from ?jwt=', async () => {
    const token = await api().login('demo');
    expect((await api().get('users/get_current_user/', { token })).status).toBe(200);
    expect((await api().get('users/get_current_user/', { query: { jwt: token } })).status).toBe(
      200,
    );
  });

  it('refuses a call without a token with 401', async () => {
    const res = await api().get('users/get_current_user/');
    expect(res.status).toBe(401);
    expect(code(res)).toBe('not_authenticated');
  });

  it('tells a Bearer client to use the JWT scheme', async () => {
    const token = await api().login('demo');
    const res = await api().get('users/get_current_user/', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    expect(ErrorBody.parse(res.json).error.message).toContain('JWT <token>');
  });

  it('refuses an expired token with token_expired', async () => {
    const token = await forge({ username: 'demo' }, { exp: Math.floor(Date.now() / 1000) - 10 });
    const res = await api().get('users/get_current_user/', { token });
    expect(res.status).toBe(401);
    expect(code(res)).toBe('token_expired');
  });

  it('keeps checking the expiry of a token it has seen before', async () => {
    const token = await forge({ username: 'demo' }, { exp: '1h' });
    expect((await verifyToken(token)).userId).toBe(1);
    expect((await verifyToken(token)).userId).toBe(1);
    await expect(verifyToken(token, Date.now() + 2 * 3600_000)).rejects.toMatchObject({
      code: 'token_expired',
    });
  });

  it('refuses a tampered copy of a token it has already accepted', async () => {
    const token = await api().login('demo');
    expect((await api().get('users/get_current_user/', { token })).status).toBe(200);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    payload.sub = '2';
    const tampered = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    const res = await api().get('users/get_current_user/', { token: tampered });
    expect(code(res)).toBe('token_invalid');
  });

  it('refuses a tampered token', async () => {
    const token = await api().login('demo');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    payload.sub = '2';
    const tampered = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    const res = await api().get('users/get_current_user/', { token: tampered });
    expect(res.status).toBe(401);
    expect(code(res)).toBe('token_invalid');
  });

  it('refuses alg: none', async () => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub: '1', username: 'demo', iss: 'test', iat: now, exp: now + 600, jti: 'x' })}.`;
    const res = await api().get('users/get_current_user/', { token });
    expect(res.status).toBe(401);
  });

  it("refuses another system's token (wrong issuer)", async () => {
    const token = await forge({ username: 'demo' }, { iss: 'production' });
    const res = await api().get('users/get_current_user/', { token });
    expect(res.status).toBe(401);
    expect(code(res)).toBe('token_invalid');
  });

  it('refuses a token signed with another secret', async () => {
    const token = await new SignJWT({ username: 'demo' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt()
      .setJti('x')
      .setIssuer('test')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await api().get('users/get_current_user/', { token })).status).toBe(401);
  });

  it('refuses a token whose username no longer matches its subject', async () => {
    const token = await forge({ username: 'demo2' });
    expect((await api().get('users/get_current_user/', { token })).status).toBe(401);
  });
});

describe('POST token/refresh/', () => {
  it('exchanges a valid token for a fresh one', async () => {
    const token = await api().login('demo');
    const res = await api().post<{ token: string }>('token/refresh/', {}, { token });
    expect(res.status).toBe(200);
    expect(res.json.token).not.toBe(token);
    expect(decodeJwt(res.json.token).username).toBe('demo');
  });

  it('refuses without a valid token', async () => {
    expect((await api().post('token/refresh/', {})).status).toBe(401);
  });
});
