// What every operation of the AVS face is given (AvsCall) and answers alike: the success entry
// and the request's identification echoed with our version. Below operations.ts, which dispatches
// to the operations (booking.ts, hole.ts, drucke.ts) that use these.
import type { Db } from '../../db';
import {
  SUCCESS_TEXT,
  type Fehler,
  type Identifikation,
  type OperationName,
  type OPERATIONS,
  type ValueOf,
} from '../../wire/avs';
import { berlinDate } from '../meldescheine';
import type { AvsCaller } from './identify';

/** The interface version this face answers in `identifikation` and `version`. */
export const AVS_VERSION = '7.6';

export type RequestOf<O extends OperationName> = ValueOf<(typeof OPERATIONS)[O]['request']['spec']>;

export interface AvsCall<O extends OperationName = OperationName> {
  db: Db;
  caller: AvsCaller;
  /** `kurverwaltung`, null when it leaves the municipality to the object. */
  gemeinde: number | null;
  now: Date;
  operation: O;
  value: RequestOf<O>;
}

export const success = (operation: OperationName): Fehler[] => [
  { code: '10001', beschreibung: SUCCESS_TEXT[operation] },
];

/** The request's identification as an answer carries it: with the day and our version. */
export function echoIdentifikation(ident: Identifikation, now: Date): Identifikation {
  return { ...ident, erzeugung: ident.erzeugung ?? berlinDate(now), version: AVS_VERSION };
}
