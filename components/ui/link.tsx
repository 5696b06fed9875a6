// The portal's link between its own pages: next/link's client-side navigation, never a prefetch.
// Every page here is rendered per request for its account (nothing static, no loading.tsx), so a
// prefetch fetches nothing a click can use, and next/link prefetches every link that scrolls into
// view: one view of /uebersicht sent 21 prefetch requests at 3-6 ms of server CPU each, five times
// the page itself (issue 19, docs/performance.md). ESLint keeps next/link's own Link out of app/
// and components/; this file is its one user.
import NextLink from 'next/link';
import type { ComponentProps } from 'react';

export type LinkProps = Omit<ComponentProps<typeof NextLink>, 'prefetch'>;

export function Link(props: LinkProps) {
  return <NextLink {...props} prefetch={false} />;
}
