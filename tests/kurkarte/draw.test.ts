// Where the cards are drawn (issue 8): on a worker thread, so a large print leaves the server's
// thread to other requests; on this thread where no worker can start. Either way the same cards.
import { describe, expect, it, vi } from 'vitest';

import type { KurkarteData } from '@/lib/service/kurkarte/render';
import { readBack } from './pdf-tools';

const onThisThread = vi.hoisted(() => ({ calls: 0 }));

vi.mock('@/lib/service/kurkarte/render', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/service/kurkarte/render')>();
  return {
    ...real,
    renderKurkarten: (...args: Parameters<typeof real.renderKurkarten>) => {
      onThisThread.calls++;
      return real.renderKurkarten(...args);
    },
  };
});

function cards(n: number): KurkarteData[] {
  return Array.from({ length: n }, (_, i) => ({
    gemeinde: 'Ostseebad Kühlungsborn',
    kartennummer: `2026-000042-${i + 1}`,
    gastName: ['Anna Müller', 'Γιώργος Παπαδόπουλος', 'Иван Петров'][i % 3]!,
    anzahl: 1,
    tarif: 'Erwachsene',
    arrivalDate: '2026-07-14',
    departureDate: '2026-07-17',
    objekt: { alias: 'Dünenblick', strasse: 'Strandstraße 12', plz: '18225', ort: 'Kühlungsborn' },
    beherberger: 'Pension Seeblick GmbH',
    qrPayload: `https://meldeportal.example.de/kurkarte/16.${i}.AAAAAAAAAAAAAAAAAAAAAA`,
  }));
}

describe('drawKurkarten', () => {
  it('draws on a worker thread the same cards the renderer draws here', async () => {
    const { drawKurkarten } = await import('@/lib/service/kurkarte/draw');
    const { renderKurkarten } = await import('@/lib/service/kurkarte/render');
    const input = cards(30);
    onThisThread.calls = 0;
    const drawn = readBack(await drawKurkarten(input));
    expect(onThisThread.calls).toBe(0);
    const here = readBack(await renderKurkarten(input));
    expect(drawn.pages).toBe(30);
    expect(drawn.text).toEqual(here.text);
    expect(drawn.fonts).toEqual(here.fonts);
  });

  it('draws on this thread, with a warning, where no worker can start', async () => {
    vi.resetModules();
    vi.doMock('piscina', () => ({
      default: class {
        run = () => Promise.reject(new Error('no worker threads here (test)'));
        destroy = () => Promise.resolve();
      },
    }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { drawKurkarten } = await import('@/lib/service/kurkarte/draw');
      onThisThread.calls = 0;
      expect(readBack(await drawKurkarten(cards(2))).pages).toBe(2);
      expect(readBack(await drawKurkarten(cards(1))).pages).toBe(1);
      expect(onThisThread.calls).toBe(2);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
      vi.doUnmock('piscina');
    }
  });
});
