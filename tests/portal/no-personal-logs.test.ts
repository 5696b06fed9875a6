// Nothing personal in the portal's logs (issue 12): the portal's API client signs in with a wrong
// and a right password, books a guest with marker values against the service, and books again
// while the database refuses that guest; the captured console holds no marker, token or password.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/portal/api/client';
import { HttpClient } from '@/lib/portal/api/http';
import { createServiceHandler } from '@/lib/service';
import type { BookForm } from '@/lib/wire/meldeschein';
import { captureConsole } from '../helpers/console';
import { useTestDb } from '../helpers/db';
import { person } from '../service/meldeschein-fixtures';

const t = useTestDb();
const MARKERS = {
  Gast_Vorname: 'Portalquirin',
  Gast_Name: 'Portalzyxmarker',
  Gast_Email: 'portal.marker@example.org',
  Gast_Ausweisnummer: 'PRT7777777',
};
const WRONG = 'Wrong-pw-marker-4711';

const logs = captureConsole();

function portalApi(token: string | null): HttpClient {
  const handler = createServiceHandler({ db: async () => t.db });
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit) =>
    handler(new Request(input, init), { clientAddress: '127.0.0.1' });
  return new HttpClient('http://localhost:3000/api/', token, fetchImpl as typeof fetch);
}

describe('portal logs', () => {
  it('carry no guest data, token or password', async () => {
    const anon = portalApi(null);
    await expect(anon.token('demo', WRONG)).rejects.toBeInstanceOf(ApiError);
    const token = await anon.token('demo', 'demo');
    const api = portalApi(token);
    const meta = { gemeinde: t.demo.gemeinden.seeblick.id, objekt: t.demo.objekte.moeweA };
    const guest = person(MARKERS) as BookForm['personen'][number];
    expect(await api.book(meta, [{ personen: [guest] }])).toHaveLength(1);

    await t.db.execute(
      sql.raw(`alter table personen add constraint portal_marker_check
        check (fields->>'Gast_Name' is distinct from '${MARKERS.Gast_Name}') not valid`),
    );
    try {
      await expect(api.book(meta, [{ personen: [guest] }])).rejects.toBeInstanceOf(ApiError);
    } finally {
      await t.db.execute(sql`alter table personen drop constraint portal_marker_check`);
    }
    const output = logs.output();
    expect(output).toContain('unexpected error');
    for (const secret of [...Object.values(MARKERS), WRONG, token]) {
      expect(output).not.toContain(secret);
    }
  });
});
