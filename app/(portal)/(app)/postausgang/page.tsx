// The Postausgang: every mail the portal sends to the landlord's guests with its state, and each
// object's automatic invitations. Without SMTP (the embedded default) this is the mailbox: the
// mails wait here and the landlord sees exactly what would go out.
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { AutoInviteForm } from '@/components/mail/auto-invite-form';
import { MailState } from '@/components/mail/mail-state';
import { ServiceProblem } from '@/components/shell/service-problem';
import { Notice } from '@/components/ui/notice';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { objectsOf } from '@/lib/portal/config/view';
import { loadConfig } from '@/lib/portal/config/load';
import { guarded } from '@/lib/portal/session/guarded';
import { formatDateTime } from '@/lib/portal/format';
import { DEFAULT_DAYS_BEFORE } from '@/lib/portal/invitations/rules';
import { allSettingsOf } from '@/lib/portal/invitations/settings';
import { mailMessages } from '@/lib/portal/i18n/mail';
import { getI18n } from '@/lib/portal/i18n/server';
import { saveAutoInviteAction } from '@/lib/portal/invitations/actions';
import { listMail } from '@/lib/portal/mail/outbox';
import { ownerOf, verifySession } from '@/lib/portal/session/session';

const PATH = '/postausgang';
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function generateMetadata(): Promise<Metadata> {
  return { title: mailMessages((await getI18n()).lang).title };
}

export default async function OutboxPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const session = await verifySession(PATH);
  const { lang, m: common } = await getI18n();
  const m = mailMessages(lang);
  const loaded = await guarded(PATH, () => loadConfig(session));
  if (!loaded.ok) return <ServiceProblem error={loaded.error} m={common} title={m.title} />;
  const owner = ownerOf(session);
  const db = await getDb();
  const [mails, settings] = await Promise.all([listMail(db, owner), allSettingsOf(db, owner)]);
  const byObject = new Map(settings.map((s) => [s.objektId, s]));
  const objects = objectsOf(loaded.value);
  const error = one(sp.fehler);

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{m.title}</h1>
        <p className="max-w-3xl text-slate-800">{m.intro}</p>
      </div>
      {env().SMTP_URL ? null : <Notice tone="info">{m.noSmtp}</Notice>}
      {error === 'object' ? <Notice tone="error">{m.errors.object}</Notice> : null}

      <section aria-labelledby="nachrichten" className="space-y-3">
        <h2 id="nachrichten" className="text-xl font-semibold">
          {m.message}
        </h2>
        {mails.length ? (
          <ul className="space-y-2" data-testid="outbox">
            {mails.map((mail) => (
              <li
                key={mail.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-300 bg-white p-3"
              >
                <div className="min-w-0 flex-1">
                  <Link
                    href={`${PATH}/${mail.id}`}
                    className="font-medium break-words text-brand-700 underline"
                  >
                    {mail.subject}
                  </Link>
                  <p className="text-sm break-all text-slate-800">
                    {m.columns.to}: {mail.toAddress}
                  </p>
                  <p className="text-xs text-slate-700">
                    {m.kind[mail.kind]} · {formatDateTime(mail.createdAt, lang)}
                  </p>
                </div>
                <MailState mail={mail} m={m} lang={lang} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">{m.empty}</p>
        )}
      </section>

      <section aria-labelledby="automatisch" className="space-y-3">
        <h2 id="automatisch" className="text-xl font-semibold">
          {m.auto.title}
        </h2>
        <p className="max-w-3xl text-slate-800">{m.auto.intro}</p>
        {objects.length ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {objects.map((o) => {
              const s = byObject.get(o.id);
              return (
                <AutoInviteForm
                  key={o.id}
                  objekt={o}
                  autoInvite={s?.autoInvite ?? false}
                  daysBefore={s?.daysBefore ?? DEFAULT_DAYS_BEFORE}
                  action={saveAutoInviteAction.bind(null, String(o.id))}
                  saved={one(sp.gespeichert) === String(o.id)}
                  error={
                    error === 'days' && one(sp.objekt) === String(o.id) ? m.errors.days : undefined
                  }
                  m={m}
                  pending={common.form.pending}
                />
              );
            })}
          </div>
        ) : (
          <p className="text-slate-700">{m.auto.noObjects}</p>
        )}
      </section>
    </div>
  );
}
