'use client';
// Posts to next-auth's credentials callback. Without JavaScript that is a plain form post (the
// redirects carry success or the error code); with it, the same post runs in the background so a
// wrong password keeps the username typed and the message appears in place.
import { useRef, useState } from 'react';
import { Field, TextInput, Select } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/submit-button';
import { ownValue } from '@/lib/lookup';
import type { Messages } from '@/lib/portal/i18n';

export interface SystemOption {
  id: string;
  label: string;
}

type SignInMessages = Messages['signIn'];

function messageFor(code: string, m: SignInMessages): string {
  return ownValue(m.errors, code) ?? m.errors.generic;
}

export function SignInForm({
  csrfToken,
  callbackUrl,
  systems,
  m,
  initialError,
}: {
  csrfToken: string;
  callbackUrl: string;
  systems: SystemOption[];
  m: SignInMessages;
  initialError?: string;
}) {
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState(false);
  const username = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const form = e.currentTarget;
    if (!username.current?.value.trim() || !password.current?.value) {
      setError(m.required);
      (username.current?.value.trim() ? password : username).current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    const body = new URLSearchParams();
    new FormData(form).forEach((v, k) => body.append(k, String(v)));
    body.set('json', 'true');
    try {
      const res = await fetch(form.action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      const { url } = (await res.json()) as { url?: string };
      const target = new URL(url ?? '/', window.location.href);
      const code = target.searchParams.get('error');
      if (code || target.searchParams.get('csrf')) {
        setError(messageFor(code ?? 'csrf', m));
        setPending(false);
        if (password.current) password.current.value = '';
        password.current?.focus();
        return;
      }
      window.location.assign(target.pathname + target.search);
    } catch {
      setError(m.errors.service_unavailable);
      setPending(false);
    }
  }

  return (
    <form
      method="post"
      action="/auth/callback/credentials"
      onSubmit={submit}
      className="space-y-4"
      noValidate
    >
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {error ? <Notice tone="error">{error}</Notice> : null}
      {systems.length > 1 ? (
        <Field id="system" label={m.system} required>
          {(describedBy) => (
            <Select
              id="system"
              name="system"
              aria-describedby={describedBy}
              defaultValue={systems[0]?.id}
            >
              {systems.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : (
        <input type="hidden" name="system" value={systems[0]?.id ?? ''} />
      )}
      <Field id="username" label={m.username} required>
        {(describedBy) => (
          <TextInput
            ref={username}
            id="username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-required="true"
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <Field id="password" label={m.password} required>
        {(describedBy) => (
          <TextInput
            ref={password}
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-required="true"
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <button type="submit" className={buttonClass('primary', 'w-full')} aria-disabled={pending}>
        {pending ? <Spinner /> : null}
        {pending ? m.pending : m.submit}
      </button>
    </form>
  );
}
