// The pager under a table the office shows in pages (billing, figures): previous and next page as
// links, between them the current page in words ("Seite 2 von 10"). Nothing when there is one page.
import { Link } from '@/components/ui/link';
import { fill } from '@/lib/office/i18n';

export interface PagerLabels {
  /** What the pages are of, for screen readers ("Seiten der Abrechnung"). */
  pager: string;
  previous: string;
  next: string;
  /** The current page in words: `Seite {page} von {pages}`. */
  pageOf: string;
}

export function Pager({
  page,
  pages,
  href,
  labels,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  labels: PagerLabels;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={labels.pager} className="flex flex-wrap items-center gap-4">
      {page > 1 ? (
        <Link href={href(page - 1)} className="text-brand-800 underline">
          {labels.previous}
        </Link>
      ) : null}
      <p className="text-sm" aria-current="page">
        {fill(labels.pageOf, { page, pages })}
      </p>
      {page < pages ? (
        <Link href={href(page + 1)} className="text-brand-800 underline">
          {labels.next}
        </Link>
      ) : null}
    </nav>
  );
}
