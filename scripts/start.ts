// `npm start`: build when there is no current build, then run the production server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

Object.assign(process.env, { NODE_ENV: 'production' });
const root = process.cwd();
const buildId = path.join(root, '.next', 'BUILD_ID');
const SOURCES = [
  'app',
  'components',
  'lib',
  'public',
  'next.config.mjs',
  'tailwind.config.ts',
  'postcss.config.mjs',
  'package-lock.json',
];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce(
    (max, name) => Math.max(max, newest(path.join(p, name))),
    st.mtimeMs,
  );
}

const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (builtAt < changedAt) {
  console.info(
    builtAt
      ? 'meldeportal: sources changed since the last build; building…'
      : 'meldeportal: no build yet; building…',
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'build'],
    {
      stdio: 'inherit',
      env: process.env,
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

void import('../server');
