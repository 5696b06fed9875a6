// The portal's one client of a municipality's Meldeschein system, as an interface: pages, actions,
// the arrival day, calendars, check-in, guest card and statement call these methods and never
// know which protocol answers (decision 034). One implementation per protocol (http.ts: the
// Meldeschein API over HTTP with a JWT); connect.ts chooses it for a system (systems.ts) and holds
// each protocol's sign-in. What an implementation must provide is listed in decision 034: the
// portal's shapes below, checked; every failure an ApiError (docs/api.md's codes where the meaning
// is the same, detail paths in the booking request's shape); and where its system lacks one of
// this app's extensions: `list` and `checkCard` throw `not_found` (callers fall back),
// `currentUserIfChanged` answers `changed: true`, `protokoll` and `karten` stay out of the answer.
import { z } from 'zod';
import type { CurrentUserResponse } from '@/lib/wire/config';
import type { ErrorDetail } from '@/lib/wire/errors';
import type { CardCheckResponse, KarteInfo } from '@/lib/wire/kurkarte';
import { FormResponse, type BookForm, type UpdateForm } from '@/lib/wire/meldeschein';
import type { ListFilter, ListPage } from '@/lib/wire/meldeschein-list';

export type ApiErrorKind =
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid_request'
  | 'rate_limited'
  | 'unavailable'
  | 'invalid_response';

/** A refused or failed call, of any protocol. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** The HTTP status of the system's answer; 0 when none came. */
    readonly status: number,
    /** The system's error code (`validation_error`, …) or `http_<status>` without an envelope. */
    readonly code: string,
    /** The system's own sentence; shown only as a detail, never as the headline. */
    readonly serviceMessage: string,
    readonly details: ErrorDetail[] = [],
    readonly retryAfterSeconds?: number,
    /** `duplicate_request`: the forms the first request with this requestId created. */
    readonly forms: number[] = [],
  ) {
    super(`${code}: ${serviceMessage}`);
    this.name = 'ApiError';
  }
}

export function isApiError(err: unknown, kind?: ApiErrorKind): err is ApiError {
  return err instanceof ApiError && (kind === undefined || err.kind === kind);
}

/**
 * Fields whose types the spec leaves open ("not shown") and that the portal never reads: a real
 * municipality system may fill them, so they must not make a valid form unreadable here.
 */
const OPEN_FIELDS = {
  Form_Id: z.unknown(),
  BatchNo: z.unknown(),
  BatchPgDta: z.unknown(),
  BatchTrack: z.unknown(),
  BatchRDate: z.unknown(),
  source: z.unknown(),
  invoice: z.unknown(),
  faktura_date: z.unknown(),
  stat_alter_kind_1: z.unknown(),
  stat_alter_kind_2: z.unknown(),
  stat_alter_kind_3: z.unknown(),
  stat_alter_kind_4: z.unknown(),
  input_id: z.string().nullable().optional(),
};
/** A registration form as the portal reads it, whichever system and protocol sent it. */
export const PortalForm = FormResponse.extend(OPEN_FIELDS);
export type PortalForm = z.infer<typeof PortalForm>;

export interface CallMeta {
  gemeinde: number;
  objekt: number;
  /** With `idempotent`, a repeated request (double click, retry) is refused instead of run twice. */
  requestId?: string;
  idempotent?: boolean;
}

export interface GuestCardPdf {
  id: number;
  pdf: Uint8Array;
  /** Each card's data and signed id (`karten`); absent where the system lacks it. */
  karten?: KarteInfo[];
}

/**
 * The protocols the portal speaks: `meldeschein`, the Meldeschein API over HTTP with a JWT
 * (http.ts); `avs`, AVS's Meldeschein web service, SOAP with HTTP Basic (avs/client.ts).
 */
export const PROTOCOLS = ['meldeschein', 'avs'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

/** Where a system answers and in which protocol (systems.ts). */
export interface SystemAddress {
  url: string;
  protocol: Protocol;
}

/**
 * What a sign-in leaves for the session to seal (lib/portal/session): an opaque string only its
 * protocol reads (this app's service: a JWT; a system with Basic auth: its user and password),
 * and when it stops working (seconds since 1970), if it says so.
 */
export interface ServiceCredential {
  credential: string;
  expiresAt: number | null;
}

export type ConfigurationAnswer =
  { changed: false } | { changed: true; etag: string | null; value: CurrentUserResponse };

/** The calls the portal makes, acting as the signed-in landlord's account. */
export interface MeldescheinClient {
  /** The account's configuration: landlords, objects, municipalities, tariffs, guest fields. */
  currentUser(): Promise<CurrentUserResponse>;
  /**
   * The configuration unless it is still the one with `etag`; a refused credential throws.
   * `reread`: a system without tags (AVS) reads its configuration now instead of trusting what
   * the client kept of it (the stays list's refresh button); a system with tags is asked anyway.
   */
  currentUserIfChanged(
    etag: string | undefined,
    opts?: { reread?: boolean },
  ): Promise<ConfigurationAnswer>;
  /** Books new forms; answers them complete, in the order given. */
  book(meta: CallMeta, forms: BookForm[]): Promise<PortalForm[]>;
  /** Changes one form; answers it complete. */
  update(meta: CallMeta, form: UpdateForm): Promise<PortalForm>;
  /** Reads forms by id (all or nothing); `protokoll`: with print log and guest history. */
  get(meta: CallMeta, ids: number[], opts?: { protokoll?: boolean }): Promise<PortalForm[]>;
  /** A page of the account's forms (an extension: `not_found` where the system lacks it). */
  list(
    gemeinde: number,
    filter: ListFilter,
    paging: { limit: number; offset: number },
  ): Promise<{ forms: PortalForm[]; paging: ListPage }>;
  /** Cancels forms; answers their ids. */
  cancel(meta: CallMeta, ids: number[]): Promise<number[]>;
  /** Prints the guest cards, one PDF per form: every call counts as a print, so store it. */
  guestCards(meta: CallMeta, ids: number[], opts?: { karten?: boolean }): Promise<GuestCardPdf[]>;
  /** The public check of a card's QR code (an extension; needs no credential). */
  checkCard(card: string): Promise<CardCheckResponse>;
}
