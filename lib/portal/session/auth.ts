import 'server-only';
// next-auth (v4) for the landlord portal: a Credentials provider that signs in with username or
// e-mail and password at the chosen system, in its protocol (lib/portal/api/connect.ts; this app's
// service: a JWT from `token/`). The credential is stored only in next-auth's encrypted JWT cookie
// (HttpOnly, SameSite=Lax, Secure in production) and read on the server (session.ts).
import { randomUUID } from 'node:crypto';
import type { AuthOptions, User } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { z } from 'zod';
import { nextAuthUrl } from '@/lib/env';
import { isApiError } from '../api/client';
import { clientFor, signInAt } from '../api/connect';
import type { ServiceCredential } from '../api/client';
import { authSecret } from './claims';
import { SIGN_IN_PATH, safeReturnPath } from './paths';
import { secureCookies } from '../secure-cookies';
import { isRevoked } from './revoked-sessions';
import { findSystem } from '../api/systems';

// Secure cookies in production (browsers accept them on http://localhost too) and on https.
export { csrfCookieName, csrfTokenFrom } from './csrf';
export { secureCookies } from '../secure-cookies';
export { authSecret, sessionCookieName } from './claims';

/** The cookie outlives the service token, so an expired token still tells us whose draft to keep. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** next-auth's base URL; its path (`/auth`) keeps every next-auth route out of the service's `/api/`. */
export function authUrl(): string {
  return nextAuthUrl();
}

export function callbackCookieName(): string {
  return `${secureCookies() ? '__Secure-' : ''}next-auth.callback-url`;
}

const SignInInput = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  system: z.string().max(20).optional(),
});

/**
 * The browser's address as the request reached Next: server.ts replaces X-Forwarded-For with the
 * address it resolved (the peer, or what a trusted proxy in front of it forwarded).
 */
function browserAddress(req: { headers?: Record<string, unknown> } | undefined) {
  const value = req?.headers?.['x-forwarded-for'];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Credentials check. `null` means wrong credentials (next-auth: `CredentialsSignin`); a thrown
 * Error's message becomes the `error` code of the sign-in page.
 */
export async function authorize(
  credentials: unknown,
  req?: { headers?: Record<string, unknown> },
): Promise<User | null> {
  const input = SignInInput.safeParse(credentials);
  if (!input.success) return null;
  const system = findSystem(input.data.system || undefined);
  if (!system) throw new Error('generic');
  let signedIn: ServiceCredential;
  try {
    signedIn = await signInAt(
      system,
      input.data.username,
      input.data.password,
      browserAddress(req),
    );
  } catch (err) {
    if (isApiError(err, 'unauthenticated') || isApiError(err, 'invalid_request')) return null;
    if (isApiError(err, 'rate_limited')) throw new Error('rate_limited');
    throw new Error('service_unavailable');
  }
  try {
    // The canonical username (a sign-in by e-mail still keys the portal's index by username).
    const me = await clientFor(system, signedIn.credential).currentUser();
    return {
      id: String(me.user.id),
      name: me.user.alias || me.user.username,
      username: me.user.username,
      serviceUrl: system.url,
      protocol: system.protocol,
      credential: signedIn.credential,
      credentialExp: signedIn.expiresAt,
    };
  } catch {
    throw new Error('service_unavailable');
  }
}

let options: AuthOptions | undefined;

/** Built on first use, not at import: `next build` must not create secrets. */
export function authOptions(): AuthOptions {
  if (options) return options;
  authUrl();
  options = {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: secureCookies(),
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Meldeschein',
        credentials: {
          username: { label: 'Benutzername oder E-Mail', type: 'text' },
          password: { label: 'Passwort', type: 'password' },
          system: { label: 'System', type: 'text' },
        },
        authorize,
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (!user) {
          // next-auth's own session route: a signed-out session is refused there too (it then
          // clears the cookie). Pages and actions check in the session layer (session.ts).
          if (typeof token.sid !== 'string' || (await isRevoked(token.sid))) {
            throw new Error('session ended');
          }
          return token;
        }
        return {
          sid: randomUUID(),
          sub: user.id,
          name: user.name,
          username: user.username,
          serviceUrl: user.serviceUrl,
          protocol: user.protocol,
          credential: user.credential,
          credentialExp: user.credentialExp ?? null,
          signedInAt: Date.now(),
        };
      },
      // What `/auth/session` shows the browser: a name, never the credential.
      session({ session }) {
        return { expires: session.expires, user: { name: session.user?.name ?? null } };
      },
      redirect({ url, baseUrl }) {
        return safeReturnPath(url, baseUrl);
      },
    },
    // Codes only: next-auth's metadata can carry request bodies (passwords) or tokens.
    logger: {
      error: (code) => console.error(`next-auth: ${code}`),
      warn: (code) => console.warn(`next-auth: ${code}`),
      debug: () => {},
    },
  };
  return options;
}
