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

export const ErrorDetail = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ErrorBody = z.object({
  status: z.literal('error'),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(ErrorDetail).default([]),
  }),
  meta: z.object({ requestId: z.string(), timestamp: z.string() }).loose(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export class ServiceError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
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

/** A zod failure as a validation error naming every failing field path. */
export function fromZodError(error: z.ZodError, prefix: readonly PropertyKey[] = []): ServiceError {
  const details: ErrorDetail[] = [];
  let unknown = false;
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      unknown = true;
      for (const key of issue.keys) {
        details.push({
          path: formatPath([...prefix, ...issue.path, key]),
          message: 'Unbekanntes Feld / unknown field',
        });
      }
    } else {
      details.push({ path: formatPath([...prefix, ...issue.path]), message: issue.message });
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
