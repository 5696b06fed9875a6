// What the portal keeps in next-auth's encrypted JWT cookie. `serviceToken` never reaches the
// session object the browser can read (see the `session` callback in lib/portal/auth.ts).
import 'next-auth';

declare module 'next-auth/jwt' {
  interface JWT {
    signedInAt?: number;
  }
}

declare module 'next-auth' {
  interface User {
    username?: string;
    serviceToken?: string;
    serviceUrl?: string;
    serviceTokenExp?: number | null;
  }
}
