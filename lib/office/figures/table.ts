// The figures page's table in pages (issue 38): a breakdown by object of a resort with 1,000
// objects was one table of 1,000 rows, 1 MB of page and 41 MB of short-lived garbage in the server
// to render it (docs/performance.md). The page now shows FIGURES_PAGE_SIZE groups at a time,
// sorted here by the column the URL names; the chart and the total still cover every group, and
// the CSV writes them all.
import type { FigureRow } from './figures';

export const FIGURES_PAGE_SIZE = 50;
export const FIGURE_SORTS = ['label', 'arrivals', 'nights', 'kurtaxe'] as const;
export type FigureSort = (typeof FIGURE_SORTS)[number];

export interface FiguresTablePage {
  rows: FigureRow[];
  /** The page shown (a page beyond the last is the last) and the number of pages. */
  page: number;
  pages: number;
}

/**
 * Page `page` of `rows` sorted by `sort`: numbers by size, names by `label` in the office's
 * language with numbers in them by value ("Vermieter 9" before "Vermieter 10"); ties stay in the
 * given order (the query's: most overnight stays first).
 */
export function figuresTablePage(
  rows: readonly FigureRow[],
  opts: {
    sort: FigureSort;
    desc: boolean;
    page: number;
    label: (row: FigureRow) => string;
    lang: string;
  },
): FiguresTablePage {
  const dir = opts.desc ? -1 : 1;
  let compare: (a: FigureRow, b: FigureRow) => number;
  if (opts.sort === 'label') {
    const collator = new Intl.Collator(opts.lang, { numeric: true });
    const labels = new Map(rows.map((r) => [r, opts.label(r)]));
    compare = (a, b) => collator.compare(labels.get(a)!, labels.get(b)!);
  } else {
    const value = {
      arrivals: (r: FigureRow) => r.arrivals,
      nights: (r: FigureRow) => r.nights,
      kurtaxe: (r: FigureRow) => r.kurtaxeCents,
    }[opts.sort];
    compare = (a, b) => value(a) - value(b);
  }
  const sorted = [...rows].sort((a, b) => dir * compare(a, b));
  const pages = Math.max(1, Math.ceil(sorted.length / FIGURES_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Math.floor(opts.page)));
  const from = (page - 1) * FIGURES_PAGE_SIZE;
  return { rows: sorted.slice(from, from + FIGURES_PAGE_SIZE), page, pages };
}
