// One programmatic Lighthouse run, in plain JavaScript on purpose: Lighthouse sends functions to
// the page by their source text, and tsx's transform (esbuild keepNames) adds a `__name` helper
// the page does not have. Called by scripts/lighthouse.ts:
//   node scripts/lighthouse-audit.mjs <url> <chrome debugging port> [cookie] [--summary --values=<json>]
// Prints {performance, accessibility, best-practices, metrics} as JSON. `--summary` audits the
// guest check-in's summary step, which has no URL of its own (the server answers the form's post
// with it): the form is filled in and posted, and a snapshot taken, which has no performance
// score (null).
import lighthouse, { snapshot } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const args = process.argv.slice(2);
const summary = args.includes('--summary');
const valuesArg = args.find((a) => a.startsWith('--values='));
const [url, port, cookie] = args.filter((a) => a !== '--summary' && a !== valuesArg);
/** The guest form's values, from the municipality's fields (scripts/lighthouse.ts: guestValues). */
const formValues = valuesArg ? JSON.parse(valuesArg.slice('--values='.length)) : [];
const categories = ['performance', 'accessibility', 'best-practices'];

/** The guest form of the demo municipality (Seeblick), one traveller, then its summary. */
async function summaryStep() {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.emulate({
    userAgent: await browser.userAgent(),
    viewport: { width: 375, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  // The page has no script (docs/decisions/022): the fields are plain form fields, and the
  // check button posts the form; the server answers with the summary. A field asked of foreign
  // guests only may be absent for this German guest; a required one must be there.
  await page.evaluate((values) => {
    for (const { id, value, required } of values) {
      const el = document.getElementById(id);
      if (!el) {
        if (required) throw new Error(`no field #${id} on the guest form`);
        continue;
      }
      el.value = value;
    }
  }, formValues);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    page.click('button[name=intent][value=review]:not([hidden])'),
  ]);
  await page.waitForSelector('[data-testid=summary]');
  const flow = await snapshot(page, {
    flags: { onlyCategories: categories.slice(1), logLevel: 'error' },
  });
  await page.close();
  await browser.disconnect();
  return flow;
}

const result = summary
  ? await summaryStep()
  : await lighthouse(url, {
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
for (const c of categories) {
  const score = lhr.categories[c]?.score;
  out[c] = score === undefined || score === null ? null : Math.round(score * 100);
}
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
