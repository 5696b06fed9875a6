// One programmatic Lighthouse run, in plain JavaScript on purpose: Lighthouse sends functions to
// the page by their source text, and tsx's transform (esbuild keepNames) adds a `__name` helper
// the page does not have. Called by scripts/lighthouse.ts:
//   node scripts/lighthouse-audit.mjs <url> <chrome debugging port> [cookie]
// Prints {performance, accessibility, best-practices, metrics} as JSON.
import lighthouse from 'lighthouse';

const [url, port, cookie] = process.argv.slice(2);
const categories = ['performance', 'accessibility', 'best-practices'];
const result = await lighthouse(url, {
  port: Number(port),
  output: 'json',
  logLevel: 'error',
  onlyCategories: categories,
  extraHeaders: cookie ? { Cookie: cookie } : undefined,
});
const lhr = result?.lhr;
if (!lhr || lhr.runtimeError) {
  console.error(`lighthouse ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  process.exit(1);
}
const out = { metrics: {}, failing: [] };
for (const c of categories) out[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
const metric = (id) => lhr.audits[id]?.numericValue ?? null;
out.metrics = {
  fcp: metric('first-contentful-paint'),
  lcp: metric('largest-contentful-paint'),
  tbt: metric('total-blocking-time'),
  cls: metric('cumulative-layout-shift'),
};
// Audits that cost points, so a miss can be understood from the output alone.
for (const c of categories) {
  for (const ref of lhr.categories[c]?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (ref.weight > 0 && a && a.score !== null && a.score < 0.9)
      out.failing.push(`${c}: ${a.id} (${a.displayValue ?? a.score})`);
  }
}
process.stdout.write(JSON.stringify(out));
