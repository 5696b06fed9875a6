// What a guest's phone downloads on a page's first visit, as the browser counts it: encoded body
// and headers of every response until the network is idle (checkin-size.spec.ts,
// card-size.spec.ts). A size, not a timing: it does not flake on a busy machine. The parts are
// printed, so a regression shows where.
import type { Page } from '@playwright/test';

export interface FirstLoad {
  /** Bytes of every response together. */
  total: number;
  /** The paths of the scripts loaded (the guest's pages load none). */
  scripts: string[];
}

/** Opens `url` in `page` (of a fresh context: nothing cached) and counts what came. */
export async function firstLoad(page: Page, url: string): Promise<FirstLoad> {
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    sizes.push(
      request.sizes().then((s) => ({
        url: request.url(),
        bytes: s.responseBodySize + s.responseHeadersSize,
      })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const all = await Promise.all(sizes);
  const total = all.reduce((sum, r) => sum + r.bytes, 0);
  console.info(
    [...all]
      .sort((a, b) => b.bytes - a.bytes)
      .map((r) => `${String(r.bytes).padStart(7)} ${new URL(r.url).pathname.slice(0, 90)}`)
      .join('\n') + `\n${String(total).padStart(7)} in total`,
  );
  const paths = all.map((r) => new URL(r.url).pathname);
  return { total, scripts: paths.filter((p) => p.endsWith('.js')) };
}
