// Every table of the three products' pages is the shared DataTable (docs/decisions/021): one markup,
// one phone layout (cards), one accessible caption. A page or component that writes its own
// <table> would drift from it again (the statement, its figures, the guest list and the audit log
// once did).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx$/.test(e.name) ? [p] : [];
  });
}

describe('tables', () => {
  it('are written only by the shared DataTable', () => {
    const own = ['app', 'components', 'pages']
      .flatMap(sources)
      .filter((file) => /<table[\s>]/.test(readFileSync(file, 'utf8')));
    expect(own).toEqual([path.join('components', 'ui', 'data-table.tsx')]);
  });
});
