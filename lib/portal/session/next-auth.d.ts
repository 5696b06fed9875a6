// What the portal keeps in next-auth's encrypted JWT cookie. `credential` never reaches the
// session object the browser can read (see the `session` callback in lib/portal/session/auth.ts).
import 'next-auth';
import type { Protocol } from '../api/client';

declare module 'next-auth/jwt' {
  interface JWT {
    signedInAt?: number;
  }
}

declare module 'next-auth' {
  interface User {
    username?: string;
    serviceUrl?: string;
    protocol?: Protocol;
    credential?: string;
    credentialExp?: number | null;
  }
}
