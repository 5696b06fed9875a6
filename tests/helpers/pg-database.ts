// Databases of a test run on the PostgreSQL server named by TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new database on the server of `base`, empty or a copy of `template` (a database nobody is
 * connected to), and how to drop it.
 */
export async function createDatabase(
  base: string,
  template?: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  // pg falls back to $USER, which a CI shell may not set; the local server trusts `postgres`.
  const withUser = new URL(base);
  if (!withUser.username) withUser.username = process.env.PGUSER ?? 'postgres';
  const baseUrl = withUser.toString();
  const name = `mp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
