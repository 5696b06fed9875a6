'use client';
// Once the stays list is shown, asks the server to bring the portal's index up to date (a page
// load only reads; the action writes) and renders the page again when something changed: forms
// booked elsewhere appear without a click. Without JavaScript the refresh button does the same.
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

export function IndexSync({ sync }: { sync: () => Promise<boolean> }) {
  const router = useRouter();
  useEffect(() => {
    let shown = true;
    sync()
      .then((changed) => {
        if (changed && shown) router.refresh();
      })
      .catch(() => {});
    return () => {
      shown = false;
    };
  }, [sync, router]);
  return null;
}
