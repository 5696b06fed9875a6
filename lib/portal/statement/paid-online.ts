import 'server-only';
// The statement's Kurtaxe paid online by card (docs/decisions/029) and still open, for the month
// and object chosen: stays counted in their arrival month, cancelled ones left out, as the rest
// of the statement counts them.
import { paidFigures, type PaidFigures } from '../payments/landlord';
import { paymentsEnabled } from '../payments/stripe';
import type { Owner } from '../session/session';
import { addMonths } from './aggregate';
import type { StatementQuery } from './load';

/** Null when card payments are off and none were ever taken in the month. */
export async function paidOnline(owner: Owner, q: StatementQuery): Promise<PaidFigures | null> {
  const figures = await paidFigures(
    owner,
    `${q.month}-01`,
    `${addMonths(q.month, 1)}-01`,
    q.objekt,
  );
  return paymentsEnabled() || figures.paidCents > 0 ? figures : null;
}
