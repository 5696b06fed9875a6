// What the card URL of a cancelled stay answers: 410 Gone with a short page in the landlord's
// language that says why and leads back to the stay (a route handler renders no layout).
import { fmt } from '@/lib/portal/i18n';
import type { I18n } from '@/lib/portal/i18n/server';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function noCardPage({ lang, m }: I18n, stayHref: string, nummer: string): Response {
  const d = m.detail;
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(d.cardGoneTitle)} – ${escape(m.common.appName)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:1.5rem}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem;padding:1.25rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
a{display:inline-block;margin-top:1rem;padding:.6rem 1rem;min-height:2.75rem;box-sizing:border-box;border:1px solid #1d4ed8;border-radius:.375rem;color:#1e40af;font-weight:600}
</style>
</head>
<body>
<main>
<h1>${escape(d.cardGoneTitle)}</h1>
<p>${escape(fmt(d.cardGone, { nr: nummer }))}</p>
<a href="${escape(stayHref)}">${escape(d.backToStay)}</a>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 410,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
