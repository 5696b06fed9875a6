// End-to-end tests of the landlord portal against the production server as `npm start` runs it
// (scripts/start.ts builds when needed), on Debian's Chromium (no browser download). Every spec
// runs at a 375 px phone viewport (the portal is mobile-first); the desktop viewport runs the tests
// tagged `@desktop`: those whose layout differs there (tables, navigation, totals) or that cover a
// second language or data set in that project. Running all of them twice doubled the run for
// server actions and pages that do not depend on the width. Every run gets a fresh DATA_DIR, so the demo data is seeded fresh. A real SMTP
// server (e2e/support/mail-server.ts, global setup) takes the server's mail on E2E_PORT + 1000 and
// writes each message into E2E_MAIL_DIR, where the specs read them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/support/chromium';
import { walletTestCredentials, type WalletTestCredentials } from './tests/helpers/wallet-certs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
// Set once in the runner; the workers inherit it (tests read secrets from it, see e2e/support).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'meldeportal-e2e-'));
process.env.E2E_BASE_URL = BASE_URL;
// Both wallets configured with credentials made for this run (issue 20): a stand-in WWDR chain,
// a pass certificate and a Google service account key. Pushes and Google updates go to a closed
// local port (logged, never sent anywhere).
process.env.E2E_WALLET_CREDENTIALS ??= JSON.stringify(walletTestCredentials());
const wallet = JSON.parse(process.env.E2E_WALLET_CREDENTIALS) as WalletTestCredentials;
const WALLET_ENV = {
  APPLE_PASS_TYPE_ID: 'pass.de.meldeportal.e2e',
  APPLE_TEAM_ID: 'E2ETEAM123',
  APPLE_PASS_CERT: wallet.signerCert,
  APPLE_PASS_KEY: wallet.signerKey,
  APPLE_WWDR_CERT: wallet.wwdr,
  APPLE_APNS_HOST: 'http://127.0.0.1:9',
  GOOGLE_WALLET_ISSUER_ID: '3388000000000000001',
  GOOGLE_WALLET_SERVICE_ACCOUNT: wallet.googleServiceAccount,
  GOOGLE_WALLET_API_URL: 'http://127.0.0.1:9/walletobjects/v1',
  GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:9/token',
};
process.env.E2E_SMTP_PORT ??= String(PORT + 1000);
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'meldeportal-e2e-mail-'));
// Card payments (issue 31) against the Stripe stand-in (e2e/support/stripe-server.ts) on
// E2E_PORT + 2000, with keys made for this run.
process.env.E2E_STRIPE_PORT ??= String(PORT + 2000);
process.env.E2E_STRIPE_SECRET_KEY ??= `sk_test_e2e${randomBytes(12).toString('hex')}`;
process.env.E2E_STRIPE_WEBHOOK_SECRET ??= `whsec_${randomBytes(24).toString('base64url')}`;
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: process.env.E2E_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: process.env.E2E_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: ['./e2e/support/mail-server.ts', './e2e/support/stripe-server.ts'],
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // A test spends much of its time waiting (for the server, the mail, the payment stand-in): a run
  // of the whole suite on two cores, shared with other work, used 440 CPU seconds in 20 minutes of
  // browser tests. Three at once.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 3,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
  },
  projects: [
    { name: 'desktop', grep: /@desktop/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: {
    command: 'npm start',
    url: `${BASE_URL}/api/health/`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      NEXTAUTH_URL: `${BASE_URL}/auth`,
      MELDESCHEIN_API_URL: `${BASE_URL}/api/`,
      // Two systems at sign-in, the first preselected: this app's own service over the
      // Meldeschein API, and the demo's AVS municipality over its AVS face (avs-municipality.spec.ts).
      MELDESCHEIN_SYSTEMS: `Meldeschein=${BASE_URL}/api/, Kurort Tanne (AVS)=avs:${BASE_URL}/avs/JMeldescheinWebservices`,
      SEED_DEMO: '1',
      // `npm test` ran tsc before the browser tests: the build skips its own type check
      // (next.config.mjs).
      MELDEPORTAL_TYPES_CHECKED: '1',
      ...WALLET_ENV,
      ...STRIPE_ENV,
      // The calendar spec serves its feeds from a test HTTP server on 127.0.0.1.
      CALENDAR_ALLOW_PRIVATE: '1',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // Required with SMTP_URL in production (lib/env.ts): the links in the guests' mails.
      PUBLIC_BASE_URL: BASE_URL,
      // The office's first staff account (e2e/office.spec.ts enrols its second factor).
      OFFICE_FIRST_STAFF: 'amt',
      OFFICE_FIRST_STAFF_PASSWORD: 'e2e office password',
    },
  },
});
