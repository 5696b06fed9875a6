// The one error envelope of the service (DECISIONS 2.3), shared by the service (to raise and
// serialize) and the portal (to parse and explain).
import { z } from 'zod';

export const ERROR_STATUS = {
  malformed_request: 400,
  malformed_body: 400,
  validation_error: 400,
  unknown_field: 400,
  guest_not_in_form: 400,
  form_must_keep_a_guest: 400,
  too_many_items: 400,
  not_authenticated: 401,
  token_invalid: 401,
  token_expired: 401,
  forbidden: 403,
  permission_denied: 403,
  meta_forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  duplicate_request: 409,
  form_not_changeable: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  service_busy: 503,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Machine codes of one failing item in `error.details` (docs/api.md lists each with its
 * parameters), so that clients translate codes, never sentences.
 */
export const DETAIL_CODES = [
  'required',
  'unknown_field',
  'invalid_type',
  'invalid_value',
  'invalid_format',
  'invalid_date',
  'invalid_email',
  'invalid_country',
  'invalid_text',
  'too_small',
  'too_big',
  'too_long',
  'too_many_items',
  'departure_not_after_arrival',
  'stay_too_long',
  'tariff_unknown',
  'tariff_inactive',
  'tariff_not_for_landlords',
  'duplicate_guest',
  'not_a_guest_of_form',
  'last_guest',
  'amount_too_large',
  'not_available',
  'not_yours',
  'not_the_landlord',
  'not_found',
  'form_not_changeable',
  'form_cancelled',
  'no_printable_tariff',
  'already_used',
  'invalid',
] as const;
export type DetailCode = (typeof DETAIL_CODES)[number];
export type DetailParams = Record<string, string | number | boolean | readonly (string | number)[]>;

/** One failing item as the service builds it. */
export interface ServiceErrorDetail {
  path: string;
  code: DetailCode;
  message: string;
  params?: DetailParams;
}

export function detail(
  path: string,
  code: DetailCode,
  message: string,
  params?: DetailParams,
): ServiceErrorDetail {
  return params ? { path, code, message, params } : { path, code, message };
}

/** A detail as parsed by a client: codes it does not know yet stay readable. */
export const ErrorDetail = z.object({
  path: z.string(),
  code: z.string().default('invalid'),
  message: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ErrorBody = z.object({
  status: z.literal('error'),
  // The shape clients of the municipal service read (Django REST framework); always present here.
  status_code: z.int().optional(),
  detail: z.string().optional(),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(ErrorDetail).default([]),
    // `duplicate_request`: the forms the first request with this requestId created (DECISIONS 2.9).
    forms: z.array(z.int()).optional(),
  }),
  meta: z.object({ requestId: z.string(), timestamp: z.string() }).loose(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export class ServiceError extends Error {
  readonly status: number;
  /** `duplicate_request` only: the forms the first request created (DECISIONS 2.9). */
  forms?: readonly number[];
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ServiceErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = ERROR_STATUS[code];
  }
}

/** `meldescheine[0].personen[1].arrival_date` from a zod/issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** The detail code and parameters of one zod issue (custom checks carry `params.code`). */
function issueDetail(issue: z.core.$ZodIssue): Pick<ServiceErrorDetail, 'code' | 'params'> {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { code: 'required' }
        : { code: 'invalid_type', params: { expected: issue.expected } };
    case 'too_small':
      return { code: 'too_small', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return { code: 'too_big', params: { max: Number(issue.maximum) } };
    case 'invalid_value':
      return { code: 'invalid_value', params: { allowed: issue.values.map(String) } };
    case 'invalid_format':
      return { code: 'invalid_format', params: { format: issue.format } };
    case 'invalid_union':
      return { code: 'invalid_type' };
    case 'custom': {
      const code = (issue.params as { code?: unknown } | undefined)?.code;
      return { code: DETAIL_CODES.includes(code as DetailCode) ? (code as DetailCode) : 'invalid' };
    }
    default:
      return { code: 'invalid' };
  }
}

/**
 * A zod failure as a validation error naming every failing field path. Parse with
 * `{ reportInput: true }` so that a missing value is told apart from a wrong one.
 */
export function fromZodError(error: z.ZodError, prefix: readonly PropertyKey[] = []): ServiceError {
  const details: ServiceErrorDetail[] = [];
  let unknown = false;
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      unknown = true;
      for (const key of issue.keys) {
        details.push(
          detail(
            formatPath([...prefix, ...issue.path, key]),
            'unknown_field',
            'Unbekanntes Feld / unknown field',
          ),
        );
      }
    } else {
      const { code, params } = issueDetail(issue);
      details.push(detail(formatPath([...prefix, ...issue.path]), code, issue.message, params));
    }
  }
  const first = details[0];
  const summary = first ? `${first.path || 'body'}: ${first.message}` : 'invalid request';
  return new ServiceError(
    unknown ? 'unknown_field' : 'validation_error',
    `The request body is invalid (${summary}${details.length > 1 ? `, and ${details.length - 1} more` : ''}).`,
    details,
  );
}
