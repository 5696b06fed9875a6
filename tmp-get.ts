import { sql } from 'drizzle-orm';
import { openDb } from './lib/db';
import { loadAuthUser } from './lib/service/accounts/users';
import { readForms } from './lib/service/meldescheine/read';
async function main() {
  const h = await openDb({ url: process.env.U ?? 'postgres://root@127.0.0.1:5432/mp_exp' });
  const user = await loadAuthUser(h.db, 1, 'demo');
  const ids = ((await h.db.execute(sql`select id from meldescheine where objekt_id = 1 and meldescheinnummer like 'B%' limit 200000`)) as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  const pick = () => Array.from({ length: 50 }, () => ids[Math.floor(Math.random() * ids.length)]!);
  const meta = { gemeinde: 1, objekt: 1 };
  for (let i = 0; i < 50; i++) await readForms(h.db, user, { meta, meldescheine: pick() }, new Date());
  let t0 = performance.now(); let cpu0 = process.cpuUsage();
  const N = 300; let bytes = 0;
  for (let i = 0; i < N; i++) { const f = await readForms(h.db, user, { meta, meldescheine: pick() }, new Date()); bytes += JSON.stringify(f).length; }
  const cpu = process.cpuUsage(cpu0);
  console.log('readForms+stringify wall ms/req', ((performance.now() - t0) / N).toFixed(2), 'cpu ms/req', ((cpu.user + cpu.system) / 1000 / N).toFixed(2), 'bytes', bytes / N);
  await h.close();
}
void main();
