// `npm start` builds again when a source of the build changed after it (scripts/build-state.ts):
// also the files at the top that Next compiles in, not only the folders.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildState } from '../scripts/build-state';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A checkout with `files` written an hour ago and a build made after them. */
function builtCheckout(files: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-state-'));
  roots.push(root);
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
    utimesSync(path.join(root, file), hourAgo, hourAgo);
  }
  mkdirSync(path.join(root, '.next'));
  writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'x');
  return root;
}

describe('buildState', () => {
  it('is none without a build and current when nothing changed since', () => {
    const root = builtCheckout(['app/page.tsx', 'proxy.ts']);
    expect(buildState(root)).toBe('current');
    rmSync(path.join(root, '.next'), { recursive: true });
    expect(buildState(root)).toBe('none');
  });

  it.each(['app/page.tsx', 'pages/checkin/[token]/index.tsx', 'proxy.ts', 'instrumentation.ts'])(
    'is stale after %s changed',
    (file) => {
      const root = builtCheckout([file]);
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(root, file), later, later);
      expect(buildState(root)).toBe('stale');
    },
  );
});
