// The phone-facing files in public/: the web app manifest must name icons that exist in the sizes
// it claims (a wrong size makes Android refuse to install), and robots.txt must keep the pages
// with secret tokens in their URLs (guest check-in links, guest-card checks) out of search engines.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PUBLIC = path.resolve(__dirname, '../../public');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** Width and height from a PNG's IHDR chunk (bytes 16-23). */
function pngSize(file: string): string {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('web app manifest', () => {
  const manifest = JSON.parse(readFileSync(path.join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
    start_url: string;
    display: string;
    icons: ManifestIcon[];
  };

  it('opens the portal standalone at the overview', () => {
    expect(manifest.start_url).toBe('/uebersicht');
    expect(manifest.display).toBe('standalone');
  });

  it('names icons that exist in the sizes it claims, with a maskable one of 512 px', () => {
    for (const icon of manifest.icons) {
      const file = path.join(PUBLIC, icon.src);
      if (icon.type === 'image/png') expect(pngSize(file)).toBe(icon.sizes);
      else expect(readFileSync(file, 'utf8')).toContain('<svg');
    }
    const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(
      true,
    );
  });

  it('has a 180 px home-screen icon for iPhones', () => {
    expect(pngSize(path.join(PUBLIC, 'icons/apple-touch-icon.png'))).toBe('180x180');
  });
});

describe('robots.txt', () => {
  const rules = readFileSync(path.join(PUBLIC, 'robots.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('keeps token pages, the service and the portal out of search engines', () => {
    expect(rules[0]).toBe('User-agent: *');
    for (const prefix of ['/checkin/', '/kurkarte/', '/api/', '/auth/', '/']) {
      expect(rules).toContain(`Disallow: ${prefix}`);
    }
    expect(rules.filter((r) => r.startsWith('Allow:'))).toEqual(['Allow: /$', 'Allow: /anmelden$']);
  });
});
