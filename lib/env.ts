// Environment, validated once. Secrets are required from the environment only in production with
// an external database; the embedded default generates them once and keeps them in DATA_DIR.
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
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  SYSTEM_ID: z.enum(['test', 'production']).default('test'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
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
  /** Where guests and controllers reach this app; the guest card's QR code points here. */
  PUBLIC_BASE_URL: z.url().optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  /** Forms are erased this many days after departure (BMG § 30(4): one year, then three months). */
  RETENTION_DAYS: z.coerce.number().int().positive().default(365),
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

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join('\n')}`);
    }
    cached = parsed.data;
  }
  return cached;
}

export function publicBaseUrl(): string {
  const e = env();
  return e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

type SecretName = 'JWT_SECRET' | 'NEXTAUTH_SECRET' | 'SESSION_SECRET' | 'CARD_SECRET';

/**
 * A secret from the environment, or (outside production-with-external-database) one generated
 * once and kept in DATA_DIR/secrets.json so restarts keep sessions and tokens valid.
 */
export function secret(name: SecretName): string {
  const fromEnv = process.env[name];
  if (fromEnv && fromEnv.length >= 32) return fromEnv;
  if (fromEnv) throw new Error(`${name} must be at least 32 characters`);
  const e = env();
  if (e.NODE_ENV === 'production' && e.DATABASE_URL) {
    throw new Error(`${name} must be set in production when DATABASE_URL is used`);
  }
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
