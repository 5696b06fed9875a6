// A coming planned stay's invitation by e-mail (linked from each planned stay on the coming-stays
// page): the guest's contact, send / resend / withdraw and the mails so far.
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { GuestInvitation } from '@/components/invitations/guest-invitation';
import { getDb } from '@/lib/db';
import { objectsOf } from '@/lib/portal/config/view';
import { loadConfig } from '@/lib/portal/config/load';
import { guarded } from '@/lib/portal/session/guarded';
import { formatDate } from '@/lib/portal/format';
import { fmt } from '@/lib/portal/i18n';
import { guestLangOf } from '@/lib/portal/i18n/guest/languages';
import { mailMessages } from '@/lib/portal/i18n/mail';
import { getI18n } from '@/lib/portal/i18n/server';
import { findPlannedStay } from '@/lib/portal/stays/planned';
import { settingsOf } from '@/lib/portal/invitations/settings';
import {
  saveGuestContactAction,
  sendInvitationAction,
  withdrawInvitationAction,
} from '@/lib/portal/invitations/actions';
import { mailOfStays } from '@/lib/portal/mail/outbox';
import { typedContact } from '@/lib/portal/mail/typed-contact';
import { ownerOf, verifySession } from '@/lib/portal/session/session';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function generateMetadata(): Promise<Metadata> {
  return { title: mailMessages((await getI18n()).lang).guest.title };
}

export default async function PlannedStayMailPage({ params, searchParams }: Props) {
  const { id } = await params;
  const sp = await searchParams;
  const path = `/aufenthalte/kommend/${id}`;
  const session = await verifySession(path);
  const { lang, m: common } = await getI18n();
  const m = mailMessages(lang);
  const owner = ownerOf(session);
  const db = await getDb();
  const stay = await findPlannedStay(owner, id, db);
  if (!stay) notFound();
  const [mails, settings] = await Promise.all([
    mailOfStays(db, owner, [stay.id]),
    settingsOf(db, owner, stay.objektId),
  ]);
  // The object's name from the copy kept for the job, else from the configuration.
  const objectName =
    settings?.snapshot.objekt.alias ??
    (await guarded(path, () => loadConfig(session)).then((c) =>
      c.ok ? objectsOf(c.value).find((o) => o.id === stay.objektId)?.alias : undefined,
    )) ??
    String(stay.objektId);
  const notice = sp.kontakt
    ? 'saved'
    : sp.gesendet
      ? 'sent'
      : sp.zurueckgezogen
        ? 'withdrawn'
        : undefined;
  // Refused as no e-mail address: the form shows what was typed, to be corrected.
  const typed = sp.fehler === 'email' ? await typedContact() : undefined;
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <Link href="/aufenthalte/kommend" className="text-sm text-brand-700 underline">
          {common.coming.title}
        </Link>
        <h1 className="mt-2 text-2xl font-bold">{m.guest.title}</h1>
        <p className="mt-1 text-slate-800">
          {fmt(m.guest.stay, {
            object: objectName,
            from: formatDate(stay.arrivalDate, lang),
            to: formatDate(stay.departureDate, lang),
          })}
        </p>
      </div>
      <GuestInvitation
        stay={{
          ...stay,
          guestEmail: typed ? typed.email : stay.guestEmail,
          guestLang: typed ? typed.lang : guestLangOf(stay.guestLang),
        }}
        mails={mails}
        actions={{
          saveContact: saveGuestContactAction.bind(null, stay.id),
          send: sendInvitationAction.bind(null, stay.id),
          withdraw: withdrawInvitationAction.bind(null, stay.id),
        }}
        returnTo={path}
        outcome={{ notice, error: one(sp.fehler) || undefined }}
        m={m}
        pending={common.form.pending}
        lang={lang}
      />
    </div>
  );
}
