import { z } from 'zod';
import { isStorableText } from './text';

export const TokenRequest = z.object({
  // A NUL would reach the database in the account lookup, which refuses it (a 500 before issue 8).
  username: z
    .string()
    .refine(isStorableText, {
      message: 'contains control characters or broken Unicode',
      params: { code: 'invalid_text' },
    })
    .trim()
    .min(1, 'username is required')
    .max(254),
  password: z.string().min(1, 'password is required').max(1024),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** `token/refresh/` takes no fields; the credential is the current token. */
export const TokenRefreshRequest = z.object({}).loose();
