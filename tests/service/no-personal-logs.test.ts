// Nothing personal in the service's logs (issue 12): a booking with marker values, a refused
// sign-in, and a booking the database rejects (which logs an unexpected error) leave no guest data,
// token or password in the captured console output.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureConsole } from '../helpers/console';
import { useTestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { formsClient, person } from './meldeschein-fixtures';

const t = useTestDb();
const MARKERS = {
  Gast_Vorname: 'Quirinmarker',
  Gast_Name: 'Zyxwvutmarker',
  Gast_Strasse: 'Markerweg 77',
  Gast_Email: 'marker.guest@example.org',
  Gast_Ausweisnummer: 'MRK4242424',
};
const PASSWORD = 'Pw-marker-31337';

const logs = captureConsole();

function expectClean(secrets: string[]) {
  const output = logs.output();
  for (const s of secrets) expect(output).not.toContain(s);
}

describe('service logs', () => {
  it('carry no guest data, token or password, also when a booking fails unexpectedly', async () => {
    const c = await formsClient(t);
    const ok = await c.book([person(MARKERS)]);
    expect(ok.status).toBe(200);
    const refused = await apiClient(t).call('POST', 'token/', {
      username: 'demo',
      password: PASSWORD,
    });
    expect(refused.status).toBe(401);

    // The database refuses this guest: the service answers 500 and logs the unexpected error.
    // DDL takes no parameters; the marker is plain letters.
    await t.db.execute(
      sql.raw(`alter table personen add constraint law_marker_check
        check (fields->>'Gast_Name' is distinct from '${MARKERS.Gast_Name}') not valid`),
    );
    try {
      const failed = await c.book([person(MARKERS)]);
      expect(failed.status).toBe(500);
    } finally {
      await t.db.execute(sql`alter table personen drop constraint law_marker_check`);
    }
    expect(logs.output()).toContain('service: unexpected error');
    expectClean([...Object.values(MARKERS), PASSWORD, c.token]);
  });
});
