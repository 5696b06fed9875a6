'use client';
// Once a page that shows the portal's index (stays, overview, statement) or a form (a stay's page)
// is shown, asks the server to bring the index up to date (a page load only reads; the action
// writes) and renders the page again when it shows less than the index now holds: forms booked
// elsewhere appear without a click. Without JavaScript the stays list's refresh button does the same.
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

export interface IndexSyncProps {
  sync: (shownAt: number) => Promise<boolean>;
  /** When the page read the index (server time, ms): a sync finished later means render again. */
  shownAt: number;
}

export function IndexSync({ sync, shownAt }: IndexSyncProps) {
  const router = useRouter();
  useEffect(() => {
    let shown = true;
    sync(shownAt)
      .then((changed) => {
        if (changed && shown) router.refresh();
      })
      .catch(() => {});
    return () => {
      shown = false;
    };
  }, [sync, shownAt, router]);
  return null;
}
