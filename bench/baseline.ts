// An earlier commit checked out beside this one, for the A/B benches (bench/booking-vs.ts): a git
// worktree under the system's temporary folder with node_modules of its own. Same lock file as
// ours: our node_modules hard-linked (instant); another lock: `npm ci` there (about a minute).
// Made once and kept; a second run reuses it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** The code before the municipality's office (issue 38's measure of the booking's speed). */
export const DEFAULT_BASELINE_COMMIT = '6953c93';

const git = (args: string[], cwd = ROOT) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The root folder of a checkout of `commit` with its dependencies installed; made if missing. */
export function baselineCheckout(commit: string): { root: string; commit: string } {
  const full = git(['rev-parse', '--verify', `${commit}^{commit}`]);
  const root = path.join(tmpdir(), `mp-baseline-${full.slice(0, 7)}`);
  if (!existsSync(path.join(root, 'package.json'))) {
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', '--force', root, full]);
  }
  if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    const theirs = readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    const ours = readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8');
    if (theirs === ours) {
      execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), root], { stdio: 'inherit' });
    } else {
      console.info(`  npm ci in ${root} (its lock file differs from ours) …`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
  }
  return { root, commit: full.slice(0, 7) };
}
