// `POST import/meldeschein/list/` (extension, DECISIONS 2.11): the caller's visible forms with
// filters and paging. The real municipal systems lack it, so clients fall back when it answers 404.
import { z } from 'zod';
import { FORM_STATES, FormResponse, Id } from './meldeschein';
import { ResponseMeta } from './meta';
import { isCalendarDate } from './time';

export const LIST_DEFAULT_LIMIT = 50;
/** Forms are answered complete (like `get/`), so a page is kept small. */
export const LIST_MAX_LIMIT = 100;
/** Deep offsets scan and skip that many rows; a client pages with filters instead. */
export const LIST_MAX_OFFSET = 100_000;

const date = z.string().refine(isCalendarDate, {
  message: 'expected a real calendar date in the form YYYY-MM-DD',
  params: { code: 'invalid_date' },
});
const State = z.enum(FORM_STATES);

/** `meta` of `list/`: `objekt` is optional here (a landlord lists all their objects at once). */
export const ListMeta = z.object({
  gemeinde: z.int().positive(),
  objekt: z.int().positive().optional(),
  requestId: z.string().min(1).max(200).optional(),
  vermieter: z.int().positive().optional(),
});
export type ListMeta = z.infer<typeof ListMeta>;

const ranges = [
  ['arrival_from', 'arrival_to'],
  ['departure_from', 'departure_to'],
] as const;

export const ListFilter = z
  .strictObject({
    objekt: Id.optional(),
    /** Arrival (the form's earliest) within the range, both ends included. */
    arrival_from: date.optional(),
    arrival_to: date.optional(),
    /** Departure (the form's latest) within the range, both ends included. */
    departure_from: date.optional(),
    departure_to: date.optional(),
    /** One state or a list of states (the machine values of spec 3). */
    state: z.union([State, z.array(State).min(1).max(FORM_STATES.length)]).optional(),
    /** Forms created or changed (any change, a state included) at or after this instant. */
    changed_since: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((f, ctx) => {
    for (const [from, to] of ranges) {
      const a = f[from];
      const b = f[to];
      if (a !== undefined && b !== undefined && a > b) {
        ctx.addIssue({
          code: 'custom',
          path: [to],
          message: `${to} is before ${from}`,
          params: { code: 'invalid_value' },
        });
      }
    }
  });
export type ListFilter = z.infer<typeof ListFilter>;

export const ListPaging = z.strictObject({
  limit: z.int().min(1).max(LIST_MAX_LIMIT).optional(),
  offset: z.int().min(0).max(LIST_MAX_OFFSET).optional(),
});

export const ListRequest = z.strictObject({
  meta: ListMeta,
  filter: ListFilter.optional(),
  paging: ListPaging.optional(),
});
export type ListRequest = z.infer<typeof ListRequest>;

export const ListPage = z.object({
  limit: z.int(),
  offset: z.int(),
  /** Every form that matches the filter, across all pages. */
  total: z.int(),
  /** The offset of the next page, null on the last one. */
  next_offset: z.int().nullable(),
});
export type ListPage = z.infer<typeof ListPage>;

/** Forms in `get/`'s shape, ordered by arrival, then id; `paging` says where the page is. */
export const ListResponse = z.object({
  meta: ResponseMeta,
  response: z.array(FormResponse),
  paging: ListPage,
});
export type ListResponse = z.infer<typeof ListResponse>;
