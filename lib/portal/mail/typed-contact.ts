import 'server-only';
// What the landlord typed into a planned stay's contact, kept for the page that says it was not
// an e-mail address: the form answers by redirect, and the address must not travel in the URL.
// A cookie for that page only, for a minute, unreadable to scripts. Without JavaScript it does not
// arrive: Next 16 sends no Set-Cookie with a server action's redirect (303) when the form was
// posted without JavaScript (checked by hand), so there the field comes back empty, as before.
import { cookies } from 'next/headers';
import { z } from 'zod';
import { isGuestLang, type GuestLang } from '../i18n/guest/languages';
import { secureCookies } from '../secure-cookies';

const COOKIE = 'mp-typed-contact';
const Typed = z.object({ email: z.string().max(1000), lang: z.custom<GuestLang>(isGuestLang) });
export type TypedContact = z.infer<typeof Typed>;

/** Keeps the typed contact for the page at `path` (the redirect's target). */
export async function keepTypedContact(path: string, typed: TypedContact): Promise<void> {
  (await cookies()).set(COOKIE, JSON.stringify(typed), {
    path,
    maxAge: 60,
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(),
  });
}

/** The contact typed before the redirect to this page, if any. */
export async function typedContact(): Promise<TypedContact | undefined> {
  const raw = (await cookies()).get(COOKIE)?.value;
  if (!raw) return undefined;
  try {
    return Typed.parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}
