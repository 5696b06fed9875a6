'use server';
// The set-password page's post (docs/decisions/032): from our own page only, the link from its
// cookie, the password twice and by the rules; then on to the sign-in of the account's kind.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { isSameOriginPost } from '../sign-in/csrf';
import { officeDb } from '../db';
import type { FormState } from '../form-state';
import { officeI18n } from '../i18n';
import { forgetLinkToken, readLinkToken } from './password-page';
import { PASSWORD_MAX, setPasswordWithLink } from './password-links';

export async function setPasswordFromLink(_prev: FormState, form: FormData): Promise<FormState> {
  const { a } = await officeI18n();
  const token = await readLinkToken();
  if (!token || !isSameOriginPost(await headers())) return { error: a.password.invalid };
  const password = form.get('password');
  const repeat = form.get('repeat');
  if (typeof password !== 'string' || typeof repeat !== 'string') {
    return { errors: { password: a.password.too_short } };
  }
  if (password.length > PASSWORD_MAX * 4) return { errors: { password: a.password.too_long } };
  if (password !== repeat) return { errors: { repeat: a.password.differ } };
  const outcome = await setPasswordWithLink(await officeDb(), token, password, new Date());
  if (!outcome.ok) {
    if (outcome.reason === 'invalid_link') return { error: a.password.invalid };
    return { errors: { password: a.password[outcome.reason] } };
  }
  await forgetLinkToken();
  redirect(
    outcome.account.kind === 'user' ? '/anmelden?passwort=1' : '/verwaltung/anmelden?passwort=1',
  );
}
