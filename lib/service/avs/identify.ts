// The identification block every AVS request opens with (interface v7.6, 1.2): who calls
// (`schnittstelle`), for which municipality (`kurverwaltung`) and what (`verarbeitung`). The
// account itself is signed in by HTTP Basic; the block must agree with it.
import { VERARBEITUNG, type Identifikation, type OperationName } from '../../wire/avs';
import type { AuthUser } from '../context';
import { refuse } from './refusal';

export interface AvsCaller {
  user: AuthUser;
  /** The name the client signed in with (user name or e-mail address). */
  login: string;
}

/**
 * The municipality the call names (null: `0` or empty, the object decides), after the checks:
 * `schnittstelle` is the signed-in account (11500 empty, 11900 another), `verarbeitung` fits the
 * operation (11501), `kurverwaltung` is a number (11900).
 */
export function checkIdentifikation(
  operation: OperationName,
  ident: Identifikation,
  caller: AvsCaller,
): number | null {
  const name = ident.schnittstelle.trim().toLowerCase();
  if (name === '') throw refuse('11500', 'schnittstelle');
  if (name !== caller.user.username.toLowerCase() && name !== caller.login.trim().toLowerCase()) {
    throw refuse('11900', `schnittstelle ${ident.schnittstelle}`);
  }
  if (!VERARBEITUNG[operation](ident.verarbeitung.trim())) {
    throw refuse('11501', `verarbeitung ${ident.verarbeitung}`);
  }
  const kurverwaltung = ident.kurverwaltung.trim();
  if (kurverwaltung === '' || kurverwaltung === '0') return null;
  if (!/^\d{1,9}$/.test(kurverwaltung)) throw refuse('11900', `kurverwaltung ${kurverwaltung}`);
  return Number(kurverwaltung);
}
