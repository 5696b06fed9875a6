import { sql } from 'drizzle-orm';
import { openDb } from './lib/db';
import { loadAuthUser } from './lib/service/accounts/users';
import { resolveScope } from './lib/service/meldescheine/access';
import { loadVisibleForms } from './lib/service/meldescheine/load';
import { formResponse } from './lib/service/meldescheine/form-wire';
async function main() {
  const h = await openDb({ url: 'postgres://root@127.0.0.1:5432/mp_exp' });
  const user = await loadAuthUser(h.db, 1, 'demo');
  const ids = ((await h.db.execute(sql`select id from meldescheine where objekt_id = 1 and meldescheinnummer like 'B%' limit 200000`)) as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  const pick = () => Array.from({ length: 50 }, () => ids[Math.floor(Math.random() * ids.length)]!);
  const scope = await resolveScope(h.db, user, { gemeinde: 1, objekt: 1 }, 'meldeschein.view_meldeschein');
  const N = 300; const acc = { q: 0, qc: 0, m: 0, s: 0 };
  for (let i = 0; i < N + 30; i++) {
    const c0 = process.cpuUsage(); const t0 = performance.now();
    const forms = await loadVisibleForms(h.db, scope, pick());
    const t1 = performance.now(); const c1 = process.cpuUsage(c0);
    const wire = forms.map((f) => formResponse(f, '2026-11-22'));
    const t2 = performance.now();
    JSON.stringify({ response: wire });
    const t3 = performance.now();
    if (i >= 30) { acc.q += t1 - t0; acc.qc += (c1.user + c1.system) / 1000; acc.m += t2 - t1; acc.s += t3 - t2; }
  }
  console.log(`query wall ${(acc.q / N).toFixed(2)} ms (node cpu ${(acc.qc / N).toFixed(2)}), formResponse ${(acc.m / N).toFixed(2)} ms, stringify ${(acc.s / N).toFixed(2)} ms`);
  await h.close();
}
void main();
