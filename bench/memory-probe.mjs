// Loaded into a bench's server (`node --expose-gc --import ./bench/memory-probe.mjs …`, plain
// JavaScript: it loads before tsx): on SIGUSR2 it writes one JSON line to
// `<tmpdir>/meldeportal-memory-<pid>.jsonl` with what the process allocated on the JavaScript heap
// since the last signal (V8's own heap statistics before and after every collection, from
// v8.GCProfiler: exact, not sampled), then the live heap after a full collection and the process's
// memory. bench/office-memory.ts reads it between its rounds of pages.
import { appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GCProfiler } from 'node:v8';

const file = path.join(tmpdir(), `meldeportal-memory-${process.pid}.jsonl`);
let profiler = new GCProfiler();
let baseline = process.memoryUsage().heapUsed;
profiler.start();

process.on('SIGUSR2', () => {
  const { statistics } = profiler.stop();
  // Bytes allocated = what each collection found used, less what the previous one left, plus
  // what was allocated since the last collection.
  let allocated = 0;
  let after = baseline;
  let peakCommitted = 0;
  for (const gc of statistics) {
    allocated += gc.beforeGC.heapStatistics.usedHeapSize - after;
    after = gc.afterGC.heapStatistics.usedHeapSize;
    peakCommitted = Math.max(peakCommitted, gc.beforeGC.heapStatistics.totalHeapSize);
  }
  const beforeFull = process.memoryUsage();
  allocated += beforeFull.heapUsed - after;
  peakCommitted = Math.max(peakCommitted, beforeFull.heapTotal);
  const committedBefore = beforeFull.heapTotal;
  // Two full collections: the first may leave objects whose finalizers free more.
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  appendFileSync(
    file,
    `${JSON.stringify({
      allocated,
      collections: statistics.length,
      peakCommitted,
      committedBefore,
      live: m.heapUsed,
      committed: m.heapTotal,
      rss: m.rss,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
    })}\n`,
  );
  baseline = m.heapUsed;
  profiler = new GCProfiler();
  profiler.start();
});
