// The AVS face under parallel calls and sign-in abuse, as /api/ holds them (run on PostgreSQL and
// on PGlite, test:driver): a booking number books once however many arrive at once, parallel
// corrections leave a whole form with one Kurtaxe, and HTTP Basic spends token/'s budgets.
import { describe, expect, it } from 'vitest';
import { setPassword } from '@/lib/service/accounts/revocation';
import { createUser } from '@/lib/service/provisioning';
import type { FormResponse } from '@/lib/wire/meldeschein';
import { apiClient } from '../../helpers/api';
import { avsClient, ident } from '../../helpers/avs';
import { useTestDb } from '../../helpers/db';
import { avsForm, soon } from './forms';

const t = useTestDb();

const codesOf = (text: string) => [...text.matchAll(/<code>(\d+)<\/code>/g)].map((m) => m[1]);

describe('parallel calls', () => {
  it('books a booking number once when eight identical bookings arrive together (10104 for the rest)', async () => {
    const avs = avsClient(t);
    const form = avsForm(t, 'RACE-1');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        avs.call('bucheMeldeschein', { identifikation: ident('BUCHEN'), meldeschein: form }),
      ),
    );
    const codes = results.map((r) => codesOf(r.text)[0]);
    expect(codes.filter((c) => c === '10001')).toHaveLength(1);
    expect(codes.filter((c) => c === '10104')).toHaveLength(7);
  });

  it('keeps a whole form with one Kurtaxe under parallel corrections', async () => {
    const avs = avsClient(t);
    const booked = await avs.call('bucheMeldeschein', {
      identifikation: ident('BUCHEN'),
      meldeschein: avsForm(t, 'RACE-2'),
    });
    if (booked.answer.kind !== 'answer') throw new Error(booked.text);
    const ms = booked.answer.value.meldeschein!;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        avs.call('bucheMeldeschein', {
          identifikation: ident('BUCHEN'),
          meldeschein: {
            ...ms,
            vorname: `Pieter ${i}`,
            abreise: soon(2 + i),
            begleitperson:
              i % 2 ? [] : [{ ...ms.begleitperson![0]!, personid: undefined, abreise: soon(2) }],
          },
        }),
      ),
    );
    for (const r of results) expect(codesOf(r.text)).toEqual(['10001']);
    const api = apiClient(t);
    const token = await api.login('demo');
    const [row] = await t.db.query.meldescheine.findMany({
      where: (m, { eq }) => eq(m.buchungsnummer, 'RACE-2'),
    });
    const got = await api.post<{ response: FormResponse[] }>(
      'import/meldeschein/get/',
      { meta: { gemeinde: row!.gemeindeId, objekt: row!.objektId }, meldescheine: [row!.id] },
      { token },
    );
    const form = got.json.response[0]!;
    expect(form.personen.length).toBeGreaterThanOrEqual(1);
    expect(form.personen.length).toBeLessThanOrEqual(2);
    const sum = form.personen.reduce((n, p) => n + Math.round(p.kurtaxe_calc * 100), 0);
    expect(Math.round(form.kurtaxe_calc * 100)).toBe(sum);
  });
});

describe('sign-in by HTTP Basic', () => {
  it('holds the failed-sign-in budget against guesses six at a time (the right one at 30 is not let in)', async () => {
    await createUser(
      t.db,
      { username: 'avs-guess', beherberger: [t.demo.beherberger.moewe] },
      'right-one',
    );
    const guess = (i: number) =>
      avsClient(t, 'avs-guess', i === 30 ? 'right-one' : `wrong-${i}`).call(
        'getKonfigurationsListe',
        { identifikation: ident('CONFIG-L-ANREDE', 'avs-guess') },
        { clientAddress: '192.0.2.77' },
      );
    const results = [];
    // Six at a time: within the checks the service runs or queues at once (beyond, 503).
    for (let batch = 0; batch < 10; batch++) {
      results.push(...(await Promise.all([0, 1, 2, 3, 4, 5].map((j) => guess(batch * 6 + j)))));
    }
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(10);
    expect(results[30]!.status).toBe(429);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(50);
    expect(Number(results[59]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a remembered password once it was changed, and takes the new one', async () => {
    await createUser(
      t.db,
      { username: 'avs-change', beherberger: [t.demo.beherberger.moewe] },
      'old-pass',
    );
    const call = (password: string) =>
      avsClient(t, 'avs-change', password).call('getKonfigurationsListe', {
        identifikation: ident('CONFIG-L-ANREDE', 'avs-change'),
      });
    expect((await call('old-pass')).status).toBe(200);
    expect((await call('old-pass')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await setPassword(t.db, 'avs-change', 'new-pass');
    expect((await call('old-pass')).status).toBe(401);
    expect((await call('new-pass')).status).toBe(200);
  });
});
