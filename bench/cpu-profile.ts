// Summarizes a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_PROFILE=dir npx tsx
// bench/portal-pages.ts): self time by function and by module, and total (inclusive) time of the
// functions whose name or module matches the given words. `npx tsx bench/cpu-profile.ts
// <file.cpuprofile> [word …]`.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** A module's short name: the package, or the path below the project / the build. */
function moduleOf(url: string): string {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const chunk = /\.next\/server\/(.*)$/.exec(url);
  if (chunk) return `.next/server/${chunk[1]}`;
  if (url.startsWith('node:')) return url;
  // Any checkout (a worktree, the baseline under the temporary folder): its path below its root.
  return url.replace(/^file:\/\/.*?\/(?=(lib|app|bench|components|pages|scripts)\/)/, '');
}

function top(map: Map<string, number>, total: number, n: number, title: string): void {
  console.info(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.info(
      `${((v / total) * 100).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(7)} ms  ${k}`,
    );
  }
}

export function summarize(file: string, words: string[], n = 40): void {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const parent = new Map<number, number>();
  for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  let total = 0;
  for (const v of self.values()) total += v;
  const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
  const fn = new Map<string, number>();
  const mod = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    const node = byId.get(id)!;
    const f = node.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${moduleOf(f.url)}:${f.lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + t);
    const m = idle.has(f.functionName) ? f.functionName : moduleOf(f.url);
    mod.set(m, (mod.get(m) ?? 0) + t);
    // Inclusive: each matching frame on the stack once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const cf = byId.get(at)!.callFrame;
      const label = `${cf.functionName || '(anonymous)'} ${moduleOf(cf.url)}`;
      if (seen.has(label)) continue;
      if (words.some((w) => label.toLowerCase().includes(w.toLowerCase()))) {
        seen.add(label);
        inclusive.set(label, (inclusive.get(label) ?? 0) + t);
      }
    }
  }
  console.info(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  top(mod, total, n, 'self time by module');
  top(fn, total, n, 'self time by function');
  if (words.length)
    top(inclusive, total, n * 2, `total time of frames matching ${words.join(', ')}`);
}

if (process.argv[1]?.endsWith('cpu-profile.ts')) {
  const [file, ...words] = process.argv.slice(2);
  if (!file) {
    console.error('usage: npx tsx bench/cpu-profile.ts <file.cpuprofile> [word …]');
    process.exitCode = 2;
  } else summarize(file, words);
}
