import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadEnv } from '@/lib/env';
import { tokenExpiry } from '@/lib/portal/api/http';
import { authorize } from '@/lib/portal/session/auth';
import { csrfTokenFrom, mintCsrfCookie } from '@/lib/portal/session/csrf';
import { safeReturnPath, signInRedirect } from '@/lib/portal/session/paths';
import { stayQueryHref, toggledSort } from '@/lib/portal/stays/query';
import { parseStayQuery } from '@/lib/portal/stays/query-parse';
import { parseSystems, serviceSystems } from '@/lib/portal/api/systems';
import { createHash } from 'node:crypto';

describe('return paths after sign-in', () => {
  it('allows only the portal’s own pages', () => {
    expect(safeReturnPath('/aufenthalte/5?x=1')).toBe('/aufenthalte/5?x=1');
    expect(safeReturnPath('https://evil.example/x')).toBe('/uebersicht');
    expect(safeReturnPath('//evil.example/x')).toBe('/uebersicht');
    expect(safeReturnPath('/\\evil.example')).toBe('/uebersicht');
    expect(safeReturnPath('/api/token/')).toBe('/uebersicht');
    expect(safeReturnPath('/anmelden?x')).toBe('/uebersicht');
    expect(safeReturnPath('http://localhost:3000/aufenthalte', 'http://localhost:3000/auth')).toBe(
      '/aufenthalte',
    );
    expect(signInRedirect('/aufenthalte/neu?entwurf=1', 'SessionExpired')).toBe(
      '/anmelden?callbackUrl=%2Faufenthalte%2Fneu%3Fentwurf%3D1&error=SessionExpired',
    );
  });
});

describe('stays list query', () => {
  it('reads filters from the URL and drops what is invalid', () => {
    expect(
      parseStayQuery({
        objekt: '7',
        monat: '2027-07',
        status: 'printed',
        sortierung: 'kurtaxe-asc',
        seite: '2',
      }),
    ).toEqual({
      objekt: 7,
      month: '2027-07',
      state: 'printed',
      sort: 'kurtaxe-asc',
      page: 2,
    });
    expect(
      parseStayQuery({
        objekt: 'x',
        monat: '2027-13',
        status: 'gone',
        sortierung: 'evil',
        seite: '-1',
      }),
    ).toEqual({
      objekt: undefined,
      month: undefined,
      state: undefined,
      sort: 'upcoming',
      page: 1,
    });
    expect(stayQueryHref({ objekt: 7, sort: 'upcoming', page: 1 })).toBe('/aufenthalte?objekt=7');
    expect(stayQueryHref({ sort: 'arrival-desc' })).toBe('/aufenthalte?sortierung=arrival-desc');
    expect(toggledSort('upcoming', 'arrival')).toBe('arrival-desc');
    expect(toggledSort('kurtaxe-desc', 'kurtaxe')).toBe('kurtaxe-asc');
    expect(toggledSort('kurtaxe-asc', 'nights')).toBe('nights-desc');
  });
});

describe('systems', () => {
  it('parses named systems and adds the trailing slash', () => {
    expect(parseSystems('Test=https://t.example/api, Produktion=https://p.example/api/')).toEqual([
      { id: '1', label: 'Test', url: 'https://t.example/api/', protocol: 'meldeschein' },
      { id: '2', label: 'Produktion', url: 'https://p.example/api/', protocol: 'meldeschein' },
    ]);
    expect(() => parseSystems('nonsense')).toThrow(/Label=URL/);
  });

  it('takes AVS municipalities as `avs:` entries, their endpoint as given', () => {
    expect(
      parseSystems(
        'Seeblick=https://s.example/api; Kurort Tanne=avs:https://avs.example/ws/JMeldescheinWebservices',
      ),
    ).toEqual([
      { id: '1', label: 'Seeblick', url: 'https://s.example/api/', protocol: 'meldeschein' },
      {
        id: '2',
        label: 'Kurort Tanne',
        url: 'https://avs.example/ws/JMeldescheinWebservices',
        protocol: 'avs',
      },
    ]);
    expect(() => parseSystems('Tanne=avs:kein-url')).toThrow();
  });

  it('offers the demo\u2019s AVS municipality on this app\u2019s own AVS face, and only then', () => {
    try {
      process.env.SEED_DEMO = '1';
      reloadEnv();
      expect(serviceSystems().map((s) => [s.label, s.protocol, new URL(s.url).pathname])).toEqual([
        ['Meldeschein', 'meldeschein', '/api/'],
        ['Kurort Tanne (AVS)', 'avs', '/avs/JMeldescheinWebservices'],
      ]);
      process.env.MELDESCHEIN_API_URL = 'https://svc.example/api';
      reloadEnv();
      expect(serviceSystems().map((s) => s.protocol)).toEqual(['meldeschein']);
      delete process.env.MELDESCHEIN_API_URL;
      process.env.SEED_DEMO = '0';
      reloadEnv();
      expect(serviceSystems().map((s) => s.protocol)).toEqual(['meldeschein']);
    } finally {
      delete process.env.SEED_DEMO;
      delete process.env.MELDESCHEIN_API_URL;
      reloadEnv();
    }
  });
});

describe('sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete process.env.MELDESCHEIN_API_URL;
    reloadEnv();
  });

  it('reads the token expiry and verifies next-auth’s CSRF cookie', () => {
    const payload = Buffer.from(JSON.stringify({ exp: 1_900_000_000 })).toString('base64url');
    expect(tokenExpiry(`eyJhbGciOiJIUzI1NiJ9.${payload}.sig`)).toBe(1_900_000_000);
    expect(tokenExpiry('garbage')).toBeNull();
    const token = 'abc';
    const hash = createHash('sha256')
      .update(`${token}${process.env.NEXTAUTH_SECRET}`)
      .digest('hex');
    expect(csrfTokenFrom(`${token}|${hash}`)).toBe('abc');
    expect(csrfTokenFrom(`${token}|${'0'.repeat(64)}`)).toBeNull();
    const minted = mintCsrfCookie();
    expect(csrfTokenFrom(minted.value)).toBe(minted.token);
  });

  it('exchanges credentials at token/ and keeps the canonical username', async () => {
    process.env.MELDESCHEIN_API_URL = 'https://svc.example/api';
    reloadEnv();
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (input: URL) => {
      seen.push(String(input));
      if (String(input).endsWith('token/'))
        return Response.json({ token: 'x.eyJleHAiOjE5MDAwMDAwMDB9.y' });
      return Response.json({
        user: {
          id: 4,
          username: 'demo',
          first_name: 'A',
          last_name: 'M',
          email: null,
          is_active: true,
          user_type: 'x',
          alias: 'Anna Möller',
          last_login: null,
        },
        beherberger: [],
        gemeinden: [],
        created: 't',
        modified: null,
        permissions: [],
      });
    });
    const user = await authorize({ username: 'anna@fewo-moewe.example', password: 'demo' });
    expect(seen).toEqual([
      'https://svc.example/api/token/',
      'https://svc.example/api/users/get_current_user/',
    ]);
    expect(user).toMatchObject({
      name: 'Anna Möller',
      username: 'demo',
      serviceUrl: 'https://svc.example/api/',
      credentialExp: 1_900_000_000,
    });
  });

  it('says wrong credentials, rate limit and unreachable service apart', async () => {
    const errorBody = (code: string) => ({
      status: 'error',
      error: { code, message: 'm', details: [] },
      meta: { requestId: 'r', timestamp: 't' },
    });
    vi.stubGlobal('fetch', async () =>
      Response.json(errorBody('not_authenticated'), { status: 401 }),
    );
    await expect(authorize({ username: 'demo', password: 'x' })).resolves.toBeNull();
    vi.stubGlobal('fetch', async () => Response.json(errorBody('rate_limited'), { status: 429 }));
    await expect(authorize({ username: 'demo', password: 'x' })).rejects.toThrow('rate_limited');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(authorize({ username: 'demo', password: 'x' })).rejects.toThrow(
      'service_unavailable',
    );
    await expect(authorize({ username: '', password: 'x' })).resolves.toBeNull();
  });
});
