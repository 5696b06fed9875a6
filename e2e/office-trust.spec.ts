// A post to the office from another site (issue 38) through the production server: 403 with a
// page in the office's words (German, English with the `lang` cookie), where Next's action handler
// answered 500 ("Invalid Server Actions request"). The form is what another site's page can send:
// multipart, no action header, its own Origin.
import { expect, test } from '@playwright/test';

const foreign = {
  origin: 'https://evil.example',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
};

test('a cross-site post to an office action is refused in words, not with a 500', async ({
  request,
}) => {
  for (const path of ['/verwaltung/anmelden', '/verwaltung/vermieter/neu']) {
    const res = await request.post(path, {
      headers: foreign,
      multipart: { '1_$ACTION_ID_0000': '', username: 'amt', password: 'x' },
      maxRedirects: 0,
    });
    expect(res.status(), path).toBe(403);
    expect(res.headers()['content-type']).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<h1>Anfrage abgelehnt</h1>');
    expect(html).not.toContain('Invalid Server Actions request');
  }
  const english = await request.post('/verwaltung/anmelden', {
    headers: { ...foreign, cookie: 'lang=en' },
    multipart: { username: 'amt' },
  });
  expect(english.status()).toBe(403);
  expect(await english.text()).toContain('<h1>Request refused</h1>');
});
