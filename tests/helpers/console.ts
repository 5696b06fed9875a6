// Captures everything written to the console during each test of a file, as the lines a log
// collector would store (objects rendered as node prints them), and restores the console after.
import { inspect } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

/** Register the capture; read `output()` inside a test. */
export function captureConsole(): { output: () => string } {
  let lines: string[] = [];
  beforeEach(() => {
    lines = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(
          args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 8 }))).join(' '),
        );
      });
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return { output: () => lines.join('\n') };
}
