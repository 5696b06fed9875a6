// The five operations of the AVS face, each reading its request, calling the service's own
// domain functions and answering in its own element (docs/avs.md).
import {
  writeGenericResponse,
  writeResponse,
  type Fehler,
  type MeldescheineElement,
  type OperationName,
} from '../../wire/avs';
import { keptConfiguration } from '../configuration';
import { AVS_VERSION, echoIdentifikation, success, type AvsCall, type RequestOf } from './call';
import { ACCOUNT_FREE_LISTS, configurationList } from './lists';
import { bucheMeldeschein } from './booking';
import { druckeMeldescheine } from './drucke';
import { holeMeldeschein, holeMeldescheine } from './hole';

/** A call of any operation, told apart by `operation`. */
export type AnyCall = { [O in OperationName]: AvsCall<O> }[OperationName];

/** The answer of a call that passed the envelope, payload and identification checks. */
export async function answerOperation(call: AnyCall): Promise<string> {
  switch (call.operation) {
    case 'getKonfigurationsListe':
      return konfigurationsListe(call);
    case 'bucheMeldeschein':
      return bucheMeldeschein(call);
    case 'holeMeldeschein':
      return holeMeldeschein(call);
    case 'holeMeldescheine':
      return holeMeldescheine(call);
    case 'druckeMeldescheine':
      return druckeMeldescheine(call);
  }
}

/**
 * Answers of the lists that are the same for every account, by the request's value: a request
 * text read lately gives the same (frozen) value (handler.ts), and with its day given such an
 * answer is a function of the value alone, so it is written once.
 */
const accountFreeAnswers = new WeakMap<object, string>();

async function konfigurationsListe(call: AvsCall<'getKonfigurationsListe'>): Promise<string> {
  const ident = call.value.identifikation;
  const verarbeitung = ident.verarbeitung.trim();
  // Salutations and countries are the same for every account: without a municipality to check
  // (kurverwaltung 0, as the portal checks its credential with them) nothing is read.
  const accountFree = call.gemeinde === null && ACCOUNT_FREE_LISTS.has(verarbeitung);
  const keep = accountFree && ident.erzeugung !== undefined && Object.isFrozen(call.value);
  const kept = keep ? accountFreeAnswers.get(call.value) : undefined;
  if (kept !== undefined) return kept;
  const config = accountFree ? null : await keptConfiguration(call.db, call.caller.user);
  const list = configurationList(verarbeitung, config, call.gemeinde);
  const answer = writeResponse('getKonfigurationsListe', {
    identifikation: echoIdentifikation(ident, call.now),
    ...(call.value.params ? { params: call.value.params } : {}),
    fehlermeldungen: { fehler: success('getKonfigurationsListe') },
    ...(list.length ? { konfigliste: { konfigdatensatz: list } } : {}),
  });
  if (keep) accountFreeAnswers.set(call.value, answer);
  return answer;
}

type Meldeschein = NonNullable<MeldescheineElement['meldeschein']>;

/** A form echoed in a refusal only when it has what the schema requires of one. */
function echoable(m: Meldeschein | undefined): (Meldeschein & { buchungsnummer: string }) | null {
  if (!m || !m.anreise || !m.abreise || m.kategorieid === undefined || m.name === undefined)
    return null;
  return { ...m, buchungsnummer: m.buchungsnummer ?? '' };
}

/**
 * A refusal in the operation's own element, as AVS answers (HTTP 200); `generic-response` when the
 * request is too broken to echo.
 */
export function refusedAnswer(
  operation: OperationName,
  value: RequestOf<OperationName> | undefined,
  fehler: Fehler[],
): string {
  const now = new Date();
  const fehlermeldungen = { fehler };
  if (operation === 'holeMeldescheine') return writeResponse(operation, { fehlermeldungen });
  if (operation === 'druckeMeldescheine') {
    return writeResponse(operation, { version: AVS_VERSION, fehlermeldungen });
  }
  // A payload read with problems may lack even its identification block.
  if (!value || !('identifikation' in value)) return writeGenericResponse(fehler);
  const identifikation = echoIdentifikation(value.identifikation, now);
  if (operation === 'getKonfigurationsListe') {
    return writeResponse(operation, { identifikation, fehlermeldungen });
  }
  if (operation === 'holeMeldeschein') {
    const q = (value as RequestOf<'holeMeldeschein'>).anfragedaten;
    const anfragedaten = q.meldescheinnummer
      ? { meldescheinnummer: q.meldescheinnummer }
      : q.buchungsnummer
        ? { buchungsnummer: q.buchungsnummer, ...(q.objektid ? { objektid: q.objektid } : {}) }
        : null;
    if (!anfragedaten) return writeGenericResponse(fehler);
    return writeResponse(operation, { identifikation, anfragedaten, fehlermeldungen });
  }
  const meldeschein = echoable((value as RequestOf<'bucheMeldeschein'>).meldeschein);
  if (!meldeschein) return writeGenericResponse(fehler);
  return writeResponse('bucheMeldeschein', { identifikation, fehlermeldungen, meldeschein });
}
