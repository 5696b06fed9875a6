// Environment, validated once at start with one schema (the habit of epic-stack's env.server.ts):
// nothing else reads process.env. Secrets are required from the environment only in production
// with an external database; the embedded default generates them once and keeps them in DATA_DIR.
// An empty variable counts as unset.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: secretSchema('JWT_SECRET'),
  NEXTAUTH_SECRET: secretSchema('NEXTAUTH_SECRET'),
  SESSION_SECRET: secretSchema('SESSION_SECRET'),
  CARD_SECRET: secretSchema('CARD_SECRET'),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  SYSTEM_ID: z.enum(['test', 'production']).default('test'),
  /** Failed sign-ins per account and client address (IPv6: per /64) in a window. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  /** Failed sign-ins per account from all addresses together in a window (OWASP: much higher). */
  LOGIN_MAX_ACCOUNT_FAILURES: z.coerce.number().int().positive().default(100),
  /** Failed sign-ins per client address (IPv6: per /64) for all accounts together in a window. */
  LOGIN_MAX_ADDRESS_FAILURES: z.coerce.number().int().positive().default(100),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** Password checks running at once; more wait briefly, then get 503 (half the cores, at least 1). */
  LOGIN_MAX_CONCURRENT: z.coerce
    .number()
    .int()
    .positive()
    .default(Math.max(1, Math.floor(availableParallelism() / 2))),
  /**
   * Peers whose X-Forwarded-For is believed: IP addresses, subnets (`10.0.0.0/8`) and `loopback`,
   * comma-separated. The default trusts this app's own portal, which calls the service on loopback.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('loopback')
    .refine((spec) => !proxyProblem(spec), { error: (i) => proxyProblem(String(i.input)) }),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /**
   * Where guests and controllers reach this app: every link in a mail, a pass and a QR code
   * (check-in, guest card, wallet) is built from it. Required in production when SMTP_URL is set.
   */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_BASE_URL must be an http(s) URL' })
    .optional(),
  /**
   * The office's first staff account, made at start when there is none (containers without a
   * shell; `npm run admin -- create-staff` otherwise). Its second factor is set up at first sign-in.
   */
  OFFICE_FIRST_STAFF: z.string().min(2).optional(),
  OFFICE_FIRST_STAFF_PASSWORD: z.string().min(12).optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The portal's public URL with next-auth's base path; default http://localhost:PORT/auth. */
  NEXTAUTH_URL: z.url().optional(),
  /** The service the portal talks to; default this app's own /api/ (lib/portal/systems.ts). */
  MELDESCHEIN_API_URL: z.url().optional(),
  /** Several services to choose from at sign-in: `Label=URL, Label=URL`. */
  MELDESCHEIN_SYSTEMS: z.string().optional(),
  // Tools (scripts/, bench/): where they start their own servers and how often they measure.
  LIGHTHOUSE_RUNS: z.coerce.number().int().positive().default(5),
  LIGHTHOUSE_PORT: z.coerce.number().int().positive().default(3400),
  SCREENSHOT_PORT: z.coerce.number().int().positive().default(3300),
  /** Seconds per bench run; unset, each bench module takes its own default. */
  BENCH_DURATION: z.coerce.number().positive().optional(),
  /** Forms bulk-loaded for the read bench; 0 skips it. */
  BENCH_FORMS: z.coerce.number().int().nonnegative().default(1_000_000),
  /** The databases the bench measures, comma-separated. */
  BENCH_TARGETS: z
    .string()
    .default('embedded,postgres')
    .transform((s) => s.split(',').map((t) => t.trim()))
    .pipe(z.array(z.enum(['embedded', 'postgres']))),
  /** The PostgreSQL server the bench creates its databases on. */
  BENCH_DATABASE_URL: z
    .string()
    .startsWith('postgres')
    .default('postgres://127.0.0.1:5432/postgres'),
  /** The port the bench's servers listen on; unset, 3900 plus the process id modulo 50. */
  BENCH_PORT: z.coerce.number().int().positive().optional(),
  /**
   * bench/booking-vs.ts, answers-ab.ts and portal-pages.ts: another checkout (its root folder,
   * with node_modules and, for the pages, its own build) measured beside this one: old against new
   * in one run.
   */
  BENCH_BASELINE: z.string().min(1).optional(),
  /** bench/booking-vs.ts without BENCH_BASELINE: the commit checked out to compare with. */
  BENCH_BASELINE_COMMIT: z.string().min(4).optional(),
  /**
   * bench/booking-vs.ts: pairs of whole runs per database, rounds per run, seconds per round, and
   * seconds of warm-up before the first round.
   */
  BENCH_AB_PAIRS: z.coerce.number().int().positive().default(2),
  BENCH_AB_ROUNDS: z.coerce.number().int().positive().default(3),
  BENCH_AB_SECONDS: z.coerce.number().positive().default(8),
  BENCH_AB_WARMUP: z.coerce.number().positive().default(3),
  /** bench/booking-statement.ts: blocks per variant and bookings per block. */
  BENCH_STATEMENT_BLOCKS: z.coerce.number().int().positive().default(6),
  BENCH_STATEMENT_BOOKINGS: z.coerce.number().int().positive().default(1000),
  /** bench/booking-ab.ts and portal-pages.ts: a folder the servers write CPU profiles to. */
  BENCH_PROFILE: z.string().min(1).optional(),
  /** Bodies of the endpoint fuzz at bench scale; 0 skips it. */
  BENCH_FUZZ_BODIES: z.coerce.number().int().nonnegative().default(50_000),
  /** Serialisations timed by bench/booking-shape.ts. */
  BENCH_ROUNDS: z.coerce.number().int().positive().default(20_000),
  // Wallet passes of the guest's card (issue 20; README "Wallet passes"). A wallet is offered only
  // when all its required settings are set. Certificates and keys: a PEM/JSON text, a file path or
  // base64 of either.
  /** Apple: the Pass Type ID (`pass.de.example.kurkarte`) and the team that owns it. */
  APPLE_PASS_TYPE_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  /** Apple: the Pass Type ID certificate and its private key (PEM), and the key's passphrase. */
  APPLE_PASS_CERT: z.string().optional(),
  APPLE_PASS_KEY: z.string().optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  /** Apple's WWDR intermediate certificate (G4), PEM. */
  APPLE_WWDR_CERT: z.string().optional(),
  /** APNs token auth: the .p8 key and its key id; without them pushes use the pass certificate. */
  APPLE_APNS_KEY: z.string().optional(),
  APPLE_APNS_KEY_ID: z.string().optional(),
  /** Where pushes go (a test points it at a local HTTP/2 server; http:// speaks cleartext h2). */
  APPLE_APNS_HOST: z.url().default('https://api.push.apple.com'),
  /** Google: the Wallet issuer id and the service account's JSON key. */
  GOOGLE_WALLET_ISSUER_ID: z.string().optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().optional(),
  GOOGLE_WALLET_API_URL: z.url().default('https://walletobjects.googleapis.com/walletobjects/v1'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  /** Forms are erased this many days after departure (BMG § 30(4): one year, then three months). */
  RETENTION_DAYS: z.coerce.number().int().positive().default(365),
  /** Booking calendars are fetched this often (minutes); each feed once per period across instances. */
  CALENDAR_SYNC_MINUTES: z.coerce.number().int().positive().default(15),
  /** How often each instance looks for feeds that are due (seconds). */
  CALENDAR_TICK_SECONDS: z.coerce.number().int().positive().default(60),
  /**
   * `1`: feed links may point to loopback and private addresses. For tests only: a landlord's
   * link could otherwise reach the server's own network (docs/decisions/015).
   */
  CALENDAR_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /**
   * Where mail goes (`smtp://user:pass@host:587`, `smtps://…:465`); unset, mails stay in the outbox
   * and the portal shows them ("Postausgang").
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** The sender of every mail (`Name <address>` or an address). */
  MAIL_FROM: z.string().min(3).default('Meldeportal <meldeportal@localhost>'),
  /** Seconds between rounds of the mail job (which invitations are due, then send the outbox). */
  MAIL_INTERVAL_SECONDS: z.coerce.number().int().positive().default(60),
  // Card payments of the Kurtaxe on the arrival day (issue 31; docs/decisions/029). Without the key
  // and the webhook secret the card route is off and the portal says so.
  /** The platform's Stripe secret key (`sk_live_…`, `sk_test_…` or a restricted `rk_…`). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(live|test)_\w+$/,
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)',
    )
    .optional(),
  /** The signing secret of the webhook endpoint `/stripe/webhook` (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Where Stripe's API is (tests: the local stand-in); Stripe's own by default. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** How often open card payments are looked up at Stripe (a lost webhook), in minutes. */
  PAYMENT_CHECK_MINUTES: z.coerce.number().int().positive().default(10),
});

/** What is wrong with a TRUSTED_PROXIES entry, if anything. */
function proxyProblem(spec: string): string | undefined {
  for (const entry of spec.split(',').map((s) => s.trim())) {
    if (!entry || entry === 'loopback') continue;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return `"${entry}" is not an IP address or subnet`;
    if (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32))) {
      return `"${entry}" has an invalid prefix length`;
    }
  }
  return undefined;
}

export type Env = z.infer<typeof EnvSchema>;

const SECRETS = ['JWT_SECRET', 'NEXTAUTH_SECRET', 'SESSION_SECRET', 'CARD_SECRET'] as const;
type SecretName = (typeof SECRETS)[number];

function secretSchema(name: SecretName) {
  return z.string().min(32, `${name} must be at least 32 characters`).optional();
}

/**
 * The environment of `source`, or an Error naming every wrong or missing variable. In production
 * with DATABASE_URL the secrets must come from the environment: several instances share the
 * database, and a secret generated into one instance's DATA_DIR would differ between them.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.superRefine((e, ctx) => {
    if (e.NODE_ENV === 'production' && e.SMTP_URL && !e.PUBLIC_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_BASE_URL'],
        message:
          'PUBLIC_BASE_URL must be set in production when SMTP_URL is set (links in mails to guests would point to localhost)',
      });
    }
    if (e.NODE_ENV !== 'production' || !e.DATABASE_URL) return;
    for (const name of SECRETS) {
      if (!e[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} must be set in production when DATABASE_URL is used`,
        });
      }
    }
  }).safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** What is allowed but probably a mistake: printed at start, never fatal. */
export function envWarnings(e: Env): string[] {
  if (e.NODE_ENV !== 'production' || e.PUBLIC_BASE_URL) return [];
  return [
    `PUBLIC_BASE_URL is not set: check-in links, QR codes and passes point to http://localhost:${e.PORT}`,
  ];
}

/** The environment at a program's start; an invalid one ends the program naming each problem. */
export function envAtStart(program: string): Env {
  try {
    const e = env();
    for (const warning of envWarnings(e)) console.warn(`${program}: ${warning}`);
    return e;
  } catch (err) {
    console.error(`${program}: ${(err as Error).message}`);
    process.exit(1);
  }
}

/**
 * The environment of a child process: this process's own, with `overrides` set (or removed where
 * undefined). Children validate it themselves at their start.
 */
export function childEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const child: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete child[name];
    else child[name] = value;
  }
  return child;
}

/** Read the environment again (tests that change a variable after the first read). */
export function reloadEnv(): Env {
  cached = undefined;
  return env();
}

/**
 * next-auth's base URL. next-auth v4 reads NEXTAUTH_URL from process.env itself, so the default is
 * written there too (the only write; nothing outside this file reads process.env).
 */
export function nextAuthUrl(): string {
  const e = env();
  const url = e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}/auth`;
  process.env.NEXTAUTH_URL = url;
  return url;
}

export function publicBaseUrl(): string {
  const e = env();
  return e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/**
 * A secret from the environment, or (outside production-with-external-database) one generated
 * once and kept in DATA_DIR/secrets.json so restarts keep sessions and tokens valid.
 */
export function secret(name: SecretName): string {
  const fromEnv = env()[name];
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir(), 'secrets.json');
  let secrets: Partial<Record<SecretName, string>> = {};
  try {
    secrets = JSON.parse(readFileSync(file, 'utf8')) as typeof secrets;
  } catch {
    // first start: no file yet
  }
  let value = secrets[name];
  if (!value) {
    value = randomBytes(32).toString('base64url');
    secrets[name] = value;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return value;
}
