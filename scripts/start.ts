// `npm start`: build when there is no current build, then run the production server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildState } from './build-state';

Object.assign(process.env, { NODE_ENV: 'production' });
const root = process.cwd();
const state = buildState(root);
if (state !== 'current') {
  console.info(
    state === 'stale'
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
