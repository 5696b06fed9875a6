// What one landlord's page view costs the server when a browser makes it (issue 19): the page,
// and whatever the page then asks for by itself (next/link's prefetches, the index sync's action),
// which the autocannon figures beside it do not see. Chromium signs in as the landlord, views each
// page again and again; the server's CPU time per view and the requests per view by kind. The
// browser's cache serves the build's static files after the first view, as it does for a landlord.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium';
import { cpuMsOfTree } from './servers';

export interface PageViewFigure {
  path: string;
  /** Server CPU ms per view; null where /proc is missing. */
  cpuMs: number | null;
  /** Requests per view that reached past the browser's cache, by kind. */
  requests: Record<string, number>;
}

const WARM_UP = 5;
const VIEWS = 30;

function kindOf(headers: Record<string, string>, type = 'other'): string {
  const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
  if (has('next-router-prefetch')) return 'prefetch';
  if (has('next-action')) return 'action';
  if (has('rsc')) return 'rsc';
  return type.toLowerCase();
}

/** Null when there is no Chromium here (the bench runs without it, this figure does not). */
export async function benchPageViews(
  url: string,
  pid: number,
  who: { username: string; password: string },
  paths: string[],
): Promise<PageViewFigure[] | null> {
  if (!existsSync(CHROMIUM_LAUNCH.executablePath)) return null;
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/anmelden`);
    await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(who.username);
    await page.getByLabel('Passwort', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL('**/uebersicht');
    await page.waitForLoadState('networkidle');
    // Chromium's own account of each request: one served from its cache never reached the server.
    const counts = new Map<string, number>();
    const sent = new Map<string, string>();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (e) =>
      sent.set(e.requestId, kindOf(e.request.headers, e.type)),
    );
    cdp.on('Network.requestServedFromCache', (e) => sent.delete(e.requestId));
    cdp.on('Network.responseReceived', (e) => {
      const sentAs = sent.get(e.requestId);
      sent.delete(e.requestId);
      // A document served kept (decision 026) says so in Server-Timing.
      const kept = Object.entries(e.response.headers).some(
        ([name, value]) => name.toLowerCase() === 'server-timing' && value.startsWith('kept'),
      );
      const kind = sentAs && kept ? `${sentAs} (kept)` : sentAs;
      if (kind && !e.response.fromDiskCache && !e.response.fromServiceWorker)
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
    });
    const figures: PageViewFigure[] = [];
    for (const path of paths) {
      const view = async () => {
        await page.goto(`${url}${path}`);
        await page.waitForLoadState('networkidle');
      };
      for (let i = 0; i < WARM_UP; i++) await view();
      counts.clear();
      const before = cpuMsOfTree(pid);
      for (let i = 0; i < VIEWS; i++) await view();
      const after = cpuMsOfTree(pid);
      figures.push({
        path,
        cpuMs:
          before === null || after === null
            ? null
            : Math.round(((after - before) / VIEWS) * 10) / 10,
        requests: Object.fromEntries(
          [...counts].map(([kind, n]) => [kind, Math.round((n / VIEWS) * 10) / 10]),
        ),
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
