// druckeMeldescheine (interface v7.6, 5): the guest cards of the given forms as one PDF, base64,
// from the service's own renderer; each form's print is logged and a draft becomes printed.
import { writeResponse } from '../../wire/avs';
import { ServiceError } from '../../wire/errors';
import { printFormsAsOne } from '../kurkarte/issue';
import { AVS_VERSION, success, type AvsCall } from './call';
import { AvsRefusal, fehlerOf, refuse } from './refusal';
import { formByKey } from './scope';

/** At most this many forms per call, as `get-pdf/` takes. */
const MAX_FORMS = 50;

export async function druckeMeldescheine(call: AvsCall<'druckeMeldescheine'>): Promise<string> {
  const nummern = call.value.meldeschein.map((m) => m.meldescheinnummer);
  if (nummern.length > MAX_FORMS) throw refuse('10003', `höchstens ${MAX_FORMS} Meldescheine`);
  const forms = [];
  for (const nummer of nummern) {
    const bezug = `Meldescheinnummer: ${nummer}`;
    forms.push(
      await formByKey(
        call.db,
        call.caller.user,
        { nummer, gemeinde: call.gemeinde },
        call.now,
        bezug,
      ),
    );
  }
  const first = forms[0]!;
  // One call prints in one municipality, as AVS's destinations do.
  const stranger = forms.find((f) => f.row.gemeindeId !== first.row.gemeindeId);
  if (stranger) throw refuse('10106', `Meldescheinnummer: ${stranger.row.meldescheinnummer}`);
  try {
    const pdf = await printFormsAsOne(
      call.db,
      call.caller.user,
      {
        meta: { gemeinde: first.row.gemeindeId, objekt: first.row.objektId },
        meldescheine: forms.map((f) => f.row.id),
      },
      call.now,
    );
    return writeResponse('druckeMeldescheine', {
      version: AVS_VERSION,
      fehlermeldungen: { fehler: success('druckeMeldescheine') },
      'ms-pdf': Buffer.from(pdf).toString('base64'),
    });
  } catch (err) {
    if (err instanceof ServiceError) {
      if (err.code === 'permission_denied') throw refuse('11900', 'Berechtigung');
      throw new AvsRefusal(fehlerOf(err, `Meldescheinnummer: ${nummern.join(', ')}`));
    }
    throw err;
  }
}
