// `npm start`: build when there is no current build, then run the production server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { envAtStart } from '../lib/env';
import { buildState } from './build-state';

// A write, not a read: Next and lib/env.ts in this process must both see production.
// eslint-disable-next-line no-restricted-properties -- see above
Object.assign(process.env, { NODE_ENV: 'production' });
// Before a build of minutes: a missing production secret stops the start at once.
envAtStart('meldeportal');
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
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

void import('../server');
