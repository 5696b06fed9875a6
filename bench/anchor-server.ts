// The bare limit the booking bench compares the service with (issue 13): node:http with the same
// database driver and nothing else. It reads the same JSON body, inserts one form row and its
// guest rows in one transaction and answers their ids: no routing, auth, validation, Kurtaxe,
// history or idempotency. Started like the service (bench/servers.ts), on the same database.
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DurableNodeFS, durableStartParams } from '../lib/db/durable-fs';
import { env } from '../lib/env';

interface Guest {
  tarif_id: number;
  gast_type: string;
  arrival_date: string;
  departure_date: string;
  [field: string]: unknown;
}
interface Body {
  meta: { gemeinde: number; objekt: number };
  meldescheine: { ms_type: string; personen: Guest[] }[];
}

/** One transaction's queries: `run(text, params)` answers the rows. */
type Tx = (text: string, params: unknown[]) => Promise<{ id: number }[]>;
type InTransaction = <T>(work: (run: Tx) => Promise<T>) => Promise<T>;

async function pgDriver(url: string): Promise<InTransaction> {
  // Same pool size as lib/db; the schema exists already (the service's migrations ran in setup).
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  return async (work) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const out = await work(async (text, params) => (await client.query(text, params)).rows);
      await client.query('commit');
      return out;
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  };
}

async function pgliteDriver(dir: string): Promise<InTransaction> {
  // Durable commits like the service's embedded database (docs/decisions/008), or the comparison
  // would set the service's fsync per commit against none.
  const folder = path.join(dir, 'pglite');
  const client = await PGlite.create({
    fs: new DurableNodeFS(folder),
    startParams: durableStartParams(),
  });
  await migrate(drizzle(client), { migrationsFolder: path.resolve(__dirname, '../drizzle') });
  return (work) =>
    client.transaction((tx) =>
      work(async (text, params) => (await tx.query<{ id: number }>(text, params)).rows),
    );
}

let sequence = 0;

async function insertForm(inTransaction: InTransaction, body: Body) {
  const form = body.meldescheine[0]!;
  const arrival = form.personen.map((p) => p.arrival_date).sort()[0]!;
  const departure = form.personen
    .map((p) => p.departure_date)
    .sort()
    .at(-1)!;
  return inTransaction(async (run) => {
    const [row] = await run(
      `insert into meldescheine (gemeinde_id, objekt_id, beherberger_id, meldescheinnummer,
         ms_type, arrival_date, departure_date, creation_user_id)
       values ($1, $2, 1, $3, $4, $5, $6, 1) returning id`,
      [
        body.meta.gemeinde,
        body.meta.objekt,
        `anchor-${process.pid}-${++sequence}`,
        form.ms_type,
        arrival,
        departure,
      ],
    );
    const values: string[] = [];
    const params: unknown[] = [row!.id];
    form.personen.forEach((p, i) => {
      const { tarif_id, gast_type, arrival_date, departure_date, ...fields } = p;
      const at = params.length;
      params.push(i, tarif_id, gast_type, arrival_date, departure_date, JSON.stringify(fields));
      values.push(`($1, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6})`);
    });
    const guests = await run(
      `insert into personen (meldeschein_id, position, tarif_id, gast_type, arrival_date,
         departure_date, fields) values ${values.join(', ')} returning id`,
      params,
    );
    return { id: row!.id, personen: guests.map((g) => g.id) };
  });
}

async function main(): Promise<void> {
  const { DATABASE_URL: url, DATA_DIR, PORT, HOST } = env();
  const inTransaction = url ? await pgDriver(url) : await pgliteDriver(DATA_DIR);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
        return;
      }
      insertForm(inTransaction, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Body)
        .then((ids) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ meldescheine: [ids] }));
        })
        .catch((err: unknown) => {
          console.error('anchor: insert failed', err);
          res.writeHead(500).end();
        });
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(PORT, HOST);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
