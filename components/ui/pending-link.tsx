'use client';
// Links that show they are working while the next page loads. Route-level loading.tsx is not used:
// streamed pages stay on their fallback without JavaScript, and a streamed 404 is sent as a 200.
import Link, { useLinkStatus } from 'next/link';
import type { ComponentProps } from 'react';

/** A fixed-size spinner that appears while its parent Link navigates (no layout shift). */
export function PendingHint() {
  const { pending } = useLinkStatus();
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-3.5 shrink-0 rounded-full border-2 border-current border-r-transparent ${
        pending ? 'animate-spin opacity-100' : 'opacity-0'
      }`}
    />
  );
}

export function PendingLink({ children, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link {...props}>
      {children}
      <PendingHint />
    </Link>
  );
}
