'use client';
// Links that show they are working while the next page loads. Route-level loading.tsx is not used:
// streamed pages stay on their fallback without JavaScript, and a streamed 404 is sent as a 200.
import { useLinkStatus } from 'next/link';
import { Link, type LinkProps } from './link';

/**
 * A spinner that appears while its parent Link navigates. It takes no room until then: a shift
 * right after a click does not count as layout shift (CLS), a permanent gap would look off.
 */
export function PendingHint() {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3.5 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent"
    />
  );
}

export function PendingLink({ children, ...props }: LinkProps) {
  return (
    <Link {...props}>
      {children}
      <PendingHint />
    </Link>
  );
}
