import { z } from 'zod';

/** `meta` of every authenticated request (spec 2.1). */
export const RequestMeta = z
  .object({
    gemeinde: z.int().positive(),
    objekt: z.int().positive(),
    requestId: z.string().min(1).max(200).optional(),
    idempotent: z.boolean().optional(),
    // Not in the spec's table, but in the vendor's examples (DECISIONS 2.10).
    vermieter: z.int().positive().optional(),
  })
  .refine((m) => !m.idempotent || m.requestId !== undefined, {
    message: 'requestId is required when idempotent is true',
    path: ['requestId'],
    params: { code: 'required' },
  });
export type RequestMeta = z.infer<typeof RequestMeta>;

export const MetaUser = z.object({ id: z.int(), username: z.string(), alias: z.string() });
export type MetaUser = z.infer<typeof MetaUser>;

/** `meta` of a response (spec 2.1). */
export const ResponseMeta = z
  .object({
    requestId: z.string(),
    timestamp: z.string(),
    user: MetaUser.loose().optional(),
    gemeinde: z.int().optional(),
    objekt: z.int().optional(),
  })
  .loose();
export type ResponseMeta = z.infer<typeof ResponseMeta>;
