// What phones and search engines fetch from public/ on the production server: the web app
// manifest (linked from every page) with its icons, robots.txt, and the noindex header of the
// pages whose URLs carry secret tokens.
import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/env';

test('pages link the web app manifest, and it and its icons are served', async ({ request }) => {
  const page = await request.get(`${BASE_URL}/anmelden`);
  const html = await page.text();
  expect(html).toMatch(/<link rel="manifest" href="\/manifest.webmanifest"/);
  expect(html).toContain('/icons/apple-touch-icon.png');
  const res = await request.get(`${BASE_URL}/manifest.webmanifest`);
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as { icons: { src: string; type: string }[] };
  for (const icon of manifest.icons) {
    const file = await request.get(`${BASE_URL}${icon.src}`);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toContain(icon.type);
  }
});

test('robots.txt keeps the token pages out of search engines', async ({ request }) => {
  const res = await request.get(`${BASE_URL}/robots.txt`);
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toContain('Disallow: /checkin/');
  expect(text).toContain('Disallow: /kurkarte/');
  for (const path of ['/kurkarte/not-a-real-token', '/checkin/not-a-real-token']) {
    const page = await request.get(`${BASE_URL}${path}`);
    expect(page.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
  }
});
