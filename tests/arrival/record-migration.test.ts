// The migrations that key the arrival record and the Stripe account by landlord keep what a
// database held before: two logins' records of one form become one (the one confirmed first
// kept), confirmed records keep the file names the export gave them, and an account goes to its
// login's one landlord (not to a login of several, nor twice to one landlord). On PGlite, or on
// the PostgreSQL server named by TEST_DATABASE_URL.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../helpers/db';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the migrations folder that ends with migration `last`. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  cpSync(path.resolve('drizzle'), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** A database migrated to `folder`, then to the latest migration by `finish`. */
async function database(): Promise<{
  query: Query;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const { url, drop } = await createDatabase(base);
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const client = new pg.default.Client({ connectionString: url });
    await client.connect();
    return {
      query: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
      migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
      close: async () => {
        await client.end();
        await drop();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  return {
    query: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
    migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

const SVC = 'http://localhost:3000/api/';
const party = (formId: number) =>
  JSON.stringify({
    meldescheinnummer: `2026-${formId}`,
    objekt: { alias: 'Möwennest', address: '', landlord: 'Möwe' },
    guests: [
      { id: formId * 10 + 1, position: 0 },
      { id: formId * 10 + 2, position: 1 },
    ],
  });

describe('keying the record and the account by landlord', () => {
  it('keeps the records, their file names and the accounts of a database from before', async () => {
    const db = await database();
    try {
      await db.migrate(migrationsUpTo(29));
      // Before 0030: Anna's record of form 5 confirmed (two signers, in the export as _1 and
      // _2), her office's copy of the same form unconfirmed and newer; an agency's two landlords.
      const forms = [
        ['demo', 5],
        ['buero', 5],
        ['agentur', 7],
        ['agentur', 8],
      ] as const;
      for (const [user, id] of forms) {
        await db.query(`insert into portal_forms (service_url, username, form_id, gemeinde_id,
          objekt_id, meldescheinnummer, state, arrival_date, departure_date, nights, guests,
          kurtaxe_cents) values ('${SVC}', '${user}', ${id}, 1, 7, '2026-${id}', 'draft',
          '2026-07-14', '2026-07-17', 3, 2, 1260)`);
        await db.query(`insert into portal_arrivals (service_url, username, form_id, gemeinde_id,
          objekt_id, form_state, arrival_date, departure_date, party, required, snapshot_at)
          values ('${SVC}', '${user}', ${id}, 1, 7, 'draft', '2026-07-14', '2026-07-17',
          '${party(id)}', true, '${user === 'buero' ? '2026-07-14T12:00:00Z' : '2026-07-10T12:00:00Z'}')`);
        for (const g of [1, 2]) {
          const confirmed = user === 'demo';
          await db.query(`insert into portal_arrival_signers (service_url, username, form_id,
            guest_id, route, confirmed_at, xml) values ('${SVC}', '${user}', ${id}, ${id * 10 + g},
            ${confirmed ? `'paper', '2026-07-14T10:0${g}:00Z', '<x${g}/>'` : 'null, null, null'})`);
        }
      }
      for (const [user, acct, at] of [
        ['demo', 'acct_demo', '2026-07-01T00:00:00Z'],
        ['buero', 'acct_buero', '2026-07-02T00:00:00Z'],
        ['agentur', 'acct_agentur', '2026-07-01T00:00:00Z'],
      ]) {
        await db.query(`insert into portal_payment_accounts (service_url, username, account_id,
          charges_enabled, created_at) values ('${SVC}', '${user}', '${acct}', true, '${at}')`);
      }
      await db.migrate(migrationsUpTo(30));
      // The file names the export gave them are kept.
      expect(
        await db.query(`select guest_id, record_day::text as day, record_no from
          portal_arrival_signers where record_no is not null order by guest_id`),
      ).toEqual([
        { guest_id: 51, day: '2026-07-14', record_no: 1 },
        { guest_id: 52, day: '2026-07-14', record_no: 2 },
      ]);
      // Read again after 0030, the forms name their landlords: Möwe (3) and, for form 8, 4.
      await db.query(`update portal_arrivals set beherberger_id = 3 where form_id in (5, 7)`);
      await db.query(`update portal_arrivals set beherberger_id = 4 where form_id = 8`);
      await db.migrate(path.resolve('drizzle'));

      // One record of form 5: Anna's, confirmed first, with its two confirmed signers.
      expect(
        await db.query(`select form_id, beherberger_id from portal_arrivals order by form_id`),
      ).toEqual([
        { form_id: 5, beherberger_id: 3 },
        { form_id: 7, beherberger_id: 3 },
        { form_id: 8, beherberger_id: 4 },
      ]);
      expect(
        await db.query(`select guest_id, route, record_no from portal_arrival_signers
          where form_id = 5 order by guest_id`),
      ).toEqual([
        { guest_id: 51, route: 'paper', record_no: 1 },
        { guest_id: 52, route: 'paper', record_no: 2 },
      ]);
      // Anna's account is her landlord's; her office's later one and the agency's (two landlords)
      // are not given to anyone.
      expect(
        await db.query(`select account_id, beherberger_id from portal_payment_accounts
          order by account_id`),
      ).toEqual([
        { account_id: 'acct_agentur', beherberger_id: null },
        { account_id: 'acct_buero', beherberger_id: null },
        { account_id: 'acct_demo', beherberger_id: 3 },
      ]);
    } finally {
      await db.close();
    }
  }, 600_000);
});
