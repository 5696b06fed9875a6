'use client';
// After a confirmed reprint the new guest card downloads at once: the page the action returns to
// starts the download itself (an attachment, so the page stays), and the URL drops its flag so a
// reload does not download again. Without JavaScript the page's download button serves the new
// copy (a <meta> refresh would be hoisted into <head> by React and fire with JavaScript too).
import { useEffect, useRef } from 'react';

export function AutoDownload({ href, cleanUrl }: { href: string; cleanUrl: string }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', cleanUrl);
    window.location.assign(href);
  }, [href, cleanUrl]);
  return null;
}
