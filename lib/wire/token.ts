import { z } from 'zod';

export const TokenRequest = z.object({
  username: z.string().trim().min(1, 'username is required').max(254),
  password: z.string().min(1, 'password is required').max(1024),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** `token/refresh/` takes no fields; the credential is the current token. */
export const TokenRefreshRequest = z.object({}).loose();
