// Security headers of every page (issue 8). The content security policy is not here: it carries
// a script nonce made per request, so proxy.ts sets it (lib/content-security.ts, issue 17), and
// server.ts adds HSTS when the browser came over https.
const PAGE_HEADERS = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'same-origin' },
];
// Pages whose URL holds a token (guest card check, guest check-in) stay out of search indexes
// even where a link to them leaks (public/robots.txt keeps crawlers away; this covers a crawler
// that ignores it or found the link elsewhere), and tell no other site where they were.
const NOINDEX = { key: 'X-Robots-Tag', value: 'noindex, nofollow' };
const TOKEN_PAGE_HEADERS = [{ key: 'Referrer-Policy', value: 'no-referrer' }, NOINDEX];
// The guest's check-in posts its forms to its own page (decision 022): under `no-referrer` a
// browser sends such a post with `Origin: null`, which a browser without `Sec-Fetch-Site` would
// have refused as cross-site (isSameOriginPost). `same-origin` (the portal's default) still sends
// nothing to another site.
const CHECKIN_PAGE_HEADERS = [NOINDEX];

// Next loads this file as plain JavaScript, before lib/env.ts can be imported: the two build
// switches below are read here directly.
// eslint-disable-next-line no-restricted-properties -- see above
const { CI, MELDEPORTAL_TYPES_CHECKED } = process.env;

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    // Later entries override earlier ones for the same header.
    return [
      { source: '/:path*', headers: PAGE_HEADERS },
      { source: '/kurkarte/:path*', headers: TOKEN_PAGE_HEADERS },
      // The guest's card through the mail's signed link (issue 20): a token page without forms.
      { source: '/karte/:path*', headers: TOKEN_PAGE_HEADERS },
      { source: '/checkin/:path*', headers: CHECKIN_PAGE_HEADERS },
      // The set-password link (docs/decisions/032): its route moves the token into a cookie and
      // sends the browser on to /passwort, whose form posts with the default policy (an `Origin:
      // null` post would be refused); that page is noindex by its metadata.
      { source: '/passwort/:token', headers: TOKEN_PAGE_HEADERS },
    ];
  },
  // The service refuses slash-less paths itself (spec 1.1 rule 1); Next must not redirect them.
  skipTrailingSlashRedirect: true,
  // PGlite ships WASM and must stay a plain Node require (bundling it quadruples the server bundle).
  // fontkit stays beside pdfkit: the guest card hands pdfkit the font fontkit parsed, one copy.
  // piscina starts its worker threads from its own files, which a bundle would move; passkit-generator
  // signs with node-forge and validates with joi, both plain Node requires.
  // node-ical: bundled, its Temporal polyfill fails at build ("h.BigInt is not a function").
  serverExternalPackages: [
    '@electric-sql/pglite',
    'fontkit',
    'node-ical',
    'passkit-generator',
    'pdfkit',
    'pg',
    'piscina',
  ],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc) before its browser tests build the app; their
  // build (playwright.config.ts) says so and skips Next's second check of the same files.
  typescript: { ignoreBuildErrors: MELDEPORTAL_TYPES_CHECKED === '1' },
  // CI builds once on a clean checkout: Turbopack's build cache would be written and never read.
  experimental: { turbopackFileSystemCacheForBuild: !CI },
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
