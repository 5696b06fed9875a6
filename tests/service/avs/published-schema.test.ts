// Conformance with AVS's own published XSDs: every kind of request and answer of the AVS face
// validated against the schema files in the folder AVS_SCHEMA_DIR names (meldeschein_webservices.xsd
// and the files it includes). Those files are AVS's and are not kept in this repository; without
// the variable the test is skipped. Our own XSDs are checked on every run (the other tests).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../helpers/avs';
import { useTestDb } from '../../helpers/db';
import { collectSamples } from './samples';

const dir = process.env.AVS_SCHEMA_DIR;
const t = useTestDb();

describe.skipIf(!dir)(
  dir
    ? `AVS's published XSDs in ${dir}`
    : 'AVS\u2019s published XSDs (skipped: set AVS_SCHEMA_DIR to a folder with them)',
  () => {
    it('validates every request and answer of the AVS face', async () => {
      const xsd = path.resolve(dir!, 'meldeschein_webservices.xsd');
      const failures = (await collectSamples(t))
        .map((s) => ({ name: s.name, errors: schemaErrors(s.envelope, xsd) }))
        .filter((f) => f.errors !== null);
      expect(failures).toEqual([]);
    });
  },
);

describe('our XSDs', () => {
  it('validate every request and answer of the AVS face', async () => {
    const failures = (await collectSamples(t))
      .map((s) => ({ name: s.name, errors: schemaErrors(s.envelope) }))
      .filter((f) => f.errors !== null);
    expect(failures).toEqual([]);
  });
});
