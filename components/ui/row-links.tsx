'use client';
// One client component for a whole list instead of a PendingLink per row: the rows' links are
// plain server-rendered <a data-nav> (so the page's RSC data carries no client props per row, and
// they work without JavaScript), and this component takes their clicks by event delegation, moves
// through the app router like next/link and marks the clicked link pending (a spinner, CSS
// `a[data-nav][data-pending]` in app/globals.css) until the next page is there.
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition, type ReactNode } from 'react';

/** A click that the browser should handle itself (new tab, download, another site, …). */
function ownClick(e: MouseEvent, a: HTMLAnchorElement): boolean {
  return (
    e.defaultPrevented ||
    e.button !== 0 ||
    e.metaKey ||
    e.ctrlKey ||
    e.shiftKey ||
    e.altKey ||
    (a.target !== '' && a.target !== '_self') ||
    a.hasAttribute('download') ||
    a.origin !== window.location.origin
  );
}

export function RowLinks({ children, className }: { children: ReactNode; className?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const box = useRef<HTMLDivElement>(null);
  const active = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onClick = (e: MouseEvent) => {
      const a = e.target instanceof Element ? e.target.closest('a[data-nav]') : null;
      if (!(a instanceof HTMLAnchorElement) || !el.contains(a) || ownClick(e, a)) return;
      e.preventDefault();
      active.current?.removeAttribute('data-pending');
      a.setAttribute('data-pending', '');
      active.current = a;
      startTransition(() => router.push(a.pathname + a.search + a.hash));
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, [router]);

  useEffect(() => {
    if (pending) return;
    active.current?.removeAttribute('data-pending');
    active.current = null;
  }, [pending]);

  return (
    <div ref={box} className={className}>
      {children}
    </div>
  );
}
