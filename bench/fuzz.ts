// The endpoint fuzz at bench scale (issue 8): the seeded property of
// tests/service/meldeschein-fuzz.test.ts with BENCH_FUZZ_BODIES bodies (50,000 unless set; 0 skips
// it) and a fresh seed each run, on each of BENCH_TARGETS (PostgreSQL via BENCH_DATABASE_URL).
// A failure prints the seed that reproduces it (FUZZ_SEED=<seed> npx vitest run …).
import { spawnSync } from 'node:child_process';
import { childEnv, env } from '../lib/env';

const BODIES = env().BENCH_FUZZ_BODIES;

export function benchFuzz(): string {
  if (BODIES <= 0) return 'endpoint fuzz: skipped (BENCH_FUZZ_BODIES=0)';
  const { BENCH_TARGETS: targets, BENCH_DATABASE_URL: pgUrl } = env();
  const drivers: [string, string | undefined][] = [];
  if (targets.includes('embedded')) drivers.push(['embedded', undefined]);
  if (targets.includes('postgres')) drivers.push(['postgres', pgUrl]);
  const lines: string[] = [];
  for (const [name, url] of drivers) {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const started = Date.now();
    const run = spawnSync('npx', ['vitest', 'run', 'tests/service/meldeschein-fuzz.test.ts'], {
      env: childEnv({
        FUZZ_BODIES: String(BODIES),
        FUZZ_SEED: String(seed),
        TEST_DATABASE_URL: url ?? '',
      }),
      encoding: 'utf8',
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const verdict = run.status === 0 ? 'no 5xx' : `FAILED (reproduce with FUZZ_SEED=${seed})`;
    lines.push(`endpoint fuzz [${name}]: ${BODIES} bodies, seed ${seed}, ${seconds} s: ${verdict}`);
    if (run.status !== 0) {
      process.exitCode = 1;
      lines.push(run.stdout.slice(-4000));
    }
  }
  return lines.join('\n');
}
