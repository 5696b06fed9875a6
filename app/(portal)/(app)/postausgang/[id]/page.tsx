// One mail as it goes (or went) out: recipient, subject, state and the text part; the HTML part
// opens on its own, sandboxed (./html). Someone else's mail is not found.
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { MailState } from '@/components/mail/mail-state';
import { getDb } from '@/lib/db';
import { mailMessages } from '@/lib/portal/i18n/mail';
import { getI18n } from '@/lib/portal/i18n/server';
import { findMail } from '@/lib/portal/mail/outbox';
import { ownerOf, verifySession } from '@/lib/portal/session/session';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: mailMessages((await getI18n()).lang).message };
}

export default async function MailPage({ params }: Props) {
  const { id } = await params;
  const session = await verifySession(`/postausgang/${id}`);
  const { lang } = await getI18n();
  const m = mailMessages(lang);
  const mail = await findMail(await getDb(), ownerOf(session), id);
  if (!mail) notFound();
  return (
    <div className="max-w-3xl space-y-5">
      <div>
        <Link href="/postausgang" className="text-sm text-brand-700 underline">
          {m.back}
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-words">{mail.subject}</h1>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium">{m.to}</dt>
        <dd className="break-all" data-testid="mail-to">
          {mail.toAddress}
        </dd>
        <dt className="font-medium">{m.columns.state}</dt>
        <dd>
          <MailState mail={mail} m={m} lang={lang} />
        </dd>
      </dl>
      <section aria-labelledby="text" className="space-y-2">
        <h2 id="text" className="text-lg font-semibold">
          {m.textPart}
        </h2>
        <pre
          className="overflow-x-auto rounded-md border border-slate-300 bg-white p-3 text-sm break-words whitespace-pre-wrap"
          data-testid="mail-text"
        >
          {mail.text}
        </pre>
      </section>
      <p>
        <a href={`/postausgang/${mail.id}/html`} className="text-brand-700 underline">
          {m.htmlPart}
        </a>
      </p>
    </div>
  );
}
