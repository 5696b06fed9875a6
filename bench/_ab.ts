import autocannon from 'autocannon';
import { bookingBody, HEADERS, login, metaOf } from './fixtures';
import { embeddedTarget, postgresTarget, startServer } from './servers';
const port = 3720;
void (async () => {
  for (const name of (process.env.T ?? 'postgres').split(',')) {
    const target = name === 'postgres' ? await postgresTarget() : await embeddedTarget();
    const out: string[] = [];
    for (let round = 0; round < 2; round++) {
      const s = await startServer(target, port);
      const token = await login(s.url);
      const body = bookingBody(await metaOf(s.url, token));
      const book = { url: `${s.url}/api/import/meldeschein/buchen/`, method: 'POST' as const, headers: { ...HEADERS, authorization: `JWT ${token}` }, body };
      await autocannon({ ...book, connections: 10, duration: 3 });
      const a = await autocannon({ ...book, connections: 50, duration: 8 });
      await s.stop();
      const b = await startServer(target, port, true);
      const bare = { url: `${b.url}/bare/`, method: 'POST' as const, headers: HEADERS, body };
      await autocannon({ ...bare, connections: 10, duration: 3 });
      const r = await autocannon({ ...bare, connections: 50, duration: 8 });
      await b.stop();
      out.push(`${name} service ${Math.round(a.requests.average)} (p99 ${a.latency.p99}) bare ${Math.round(r.requests.average)} ratio ${(a.requests.average / r.requests.average).toFixed(2)}`);
      console.log(out.at(-1));
    }
    await target.dispose();
  }
})();
