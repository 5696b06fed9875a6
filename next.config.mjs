/** @type {import('next').NextConfig} */
const nextConfig = {
  // The service refuses slash-less paths itself (spec 1.1 rule 1); Next must not redirect them.
  skipTrailingSlashRedirect: true,
  // PGlite ships WASM and must stay a plain Node require (bundling it quadruples the server bundle).
  serverExternalPackages: ['@electric-sql/pglite', 'pdfkit', 'pg'],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
