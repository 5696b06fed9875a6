// Whether `.next` holds a build of the current sources: `npm start` builds first when it does not,
// and the cold-start bench refuses to time a start that would build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'app',
  'pages',
  'components',
  'lib',
  'public',
  // Compiled into the build as well: the request proxy and the start-up hook.
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'tsconfig.json',
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

/** 'none' without a build, 'stale' when a source changed after it, else 'current'. */
export function buildState(root: string): 'none' | 'stale' | 'current' {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return 'none';
  const builtAt = statSync(buildId).mtimeMs;
  const changedAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
  return builtAt < changedAt ? 'stale' : 'current';
}
