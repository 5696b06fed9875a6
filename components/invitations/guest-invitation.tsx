// A planned stay's invitation by e-mail: the guest's address and language, send / resend /
// withdraw, and each mail's state. Takes its actions as props (components import nothing from
// app/ or the actions' module); plain forms, so it works without JavaScript.
import { Link } from '@/components/ui/link';
import { MailState, type MailStateFacts } from '@/components/mail/mail-state';
import { Field, Select, TextInput } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDateTime } from '@/lib/portal/format';
import type { Lang } from '@/lib/portal/i18n';
import { GUEST_LANGUAGES, languageNameIn, type GuestLang } from '@/lib/portal/i18n/guest/languages';
import type { MailMessages } from '@/lib/portal/i18n/mail';
import type { PortalMailKind } from '@/lib/db/schema/portal';

type Action = (formData: FormData) => void | Promise<void>;

export interface GuestInvitationProps {
  stay: {
    guestEmail: string | null;
    guestLang: GuestLang;
    state: 'planned' | 'invited' | 'checked_in' | 'booked' | 'cancelled';
  };
  mails: (MailStateFacts & { id: string; kind: PortalMailKind; createdAt: Date })[];
  actions: { saveContact: Action; send: Action; withdraw: Action };
  /** The page to come back to after each action (its path, no query). */
  returnTo: string;
  /** The outcome of the last action, from the page's query. */
  outcome?: { notice?: 'saved' | 'sent' | 'withdrawn'; error?: string };
  m: MailMessages;
  pending: string;
  lang: Lang;
}

export function GuestInvitation(p: GuestInvitationProps) {
  const { m, stay } = p;
  const g = m.guest;
  const open = stay.state !== 'booked' && stay.state !== 'cancelled';
  const invited = p.mails.some(
    (mail) => mail.kind === 'invitation' && mail.lastError !== 'withdrawn',
  );
  const error = p.outcome?.error ? (m.errors[p.outcome.error] ?? m.errors.notFound) : undefined;
  const notice = p.outcome?.notice;
  const returnTo = <input type="hidden" name="returnTo" value={p.returnTo} />;
  return (
    <section id="einladung" aria-labelledby="einladung-titel" className="space-y-4">
      <h2 id="einladung-titel" className="text-xl font-semibold">
        {g.title}
      </h2>
      {notice === 'saved' ? <Notice tone="success">{g.saved}</Notice> : null}
      {notice === 'sent' ? <Notice tone="success">{g.sent}</Notice> : null}
      {notice === 'withdrawn' ? <Notice tone="success">{g.withdrawn}</Notice> : null}
      {error && p.outcome?.error !== 'email' ? <Notice tone="error">{error}</Notice> : null}

      <form action={p.actions.saveContact} className="space-y-3" noValidate>
        {returnTo}
        <Field
          id="guest-email"
          label={g.email}
          hint={g.emailHint}
          error={p.outcome?.error === 'email' ? m.errors.email : undefined}
        >
          {(describedBy, invalid) => (
            <TextInput
              id="guest-email"
              name="email"
              type="email"
              autoComplete="off"
              inputMode="email"
              defaultValue={stay.guestEmail ?? ''}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            />
          )}
        </Field>
        <Field id="guest-lang" label={g.lang}>
          {(describedBy) => (
            <Select
              id="guest-lang"
              name="lang"
              defaultValue={stay.guestLang}
              aria-describedby={describedBy}
            >
              {GUEST_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {languageNameIn(l, p.lang)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {/* One form: "send" sends to the address as typed, saved with it (the first button,
            "save", is what Enter in the address does). */}
        <div className="flex flex-wrap gap-2">
          <SubmitButton
            variant="secondary"
            pendingLabel={p.pending}
            formAction={p.actions.saveContact}
          >
            {g.save}
          </SubmitButton>
          {open ? (
            <SubmitButton pendingLabel={p.pending} formAction={p.actions.send}>
              {invited ? g.resend : g.send}
            </SubmitButton>
          ) : null}
        </div>
      </form>

      {open && stay.state === 'invited' ? (
        <form action={p.actions.withdraw}>
          {returnTo}
          <SubmitButton variant="danger" pendingLabel={p.pending}>
            {g.withdraw}
          </SubmitButton>
        </form>
      ) : null}
      {open && stay.state === 'invited' ? (
        <p className="text-sm text-slate-700">{g.withdrawText}</p>
      ) : null}

      <h3 className="text-lg font-semibold">{g.mails}</h3>
      {p.mails.length ? (
        <ul className="space-y-2" data-testid="stay-mails">
          {p.mails.map((mail) => (
            <li
              key={mail.id}
              className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-slate-300 bg-white p-3"
            >
              <span>
                <Link
                  href={`/postausgang/${mail.id}`}
                  className="font-medium text-brand-700 underline"
                >
                  {m.kind[mail.kind]}
                </Link>
                <span className="block text-xs text-slate-700">
                  {formatDateTime(mail.createdAt, p.lang)}
                </span>
              </span>
              <MailState mail={mail} m={m} lang={p.lang} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">{g.noMails}</p>
      )}
    </section>
  );
}
