// One check-in link: its URL and QR code to show, print or send; an invitation can be withdrawn,
// an object's code renewed and printed as a poster.
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { ShareLink } from '@/components/checkin/share-link';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { guestUrl, qrDataUri } from '@/lib/portal/checkin/landlord';
import { findLink } from '@/lib/portal/checkin/links';
import { linkState } from '@/lib/portal/checkin/rules';
import { formatDate } from '@/lib/portal/format';
import { fmt } from '@/lib/portal/i18n';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { revokeLink, rotateCode } from '../../actions';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  return { title: checkinMessages((await getI18n()).lang).admin.invitationTitle };
}

export default async function LinkPage({ params, searchParams }: Props) {
  const { id } = await params;
  const sp = await searchParams;
  const path = `/online-check-in/link/${id}`;
  const session = await verifySession(path);
  const { lang, m } = await getI18n();
  const a = checkinMessages(lang).admin;
  const link = await findLink(ownerOf(session), id);
  if (!link) notFound();
  const state = linkState(link, new Date());
  const url = guestUrl(link);
  const qr = await qrDataUri(url);
  const isCode = link.kind === 'object';
  const action = isCode ? rotateCode.bind(null, link.id) : revokeLink.bind(null, link.id);
  const confirm = isCode
    ? { label: a.rotate, text: a.rotateText }
    : { label: a.revoke, text: a.revokeText };

  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <Link href="/online-check-in" className="text-sm text-brand-700 underline">
          {a.title}
        </Link>
        <h1 className="mt-2 text-2xl font-bold">
          {isCode ? link.snapshot.objekt.alias : a.invitationTitle}
        </h1>
        {!isCode ? (
          <p className="mt-1 text-slate-800">
            {fmt(a.invitationFor, {
              object: link.snapshot.objekt.alias,
              from: formatDate(link.arrivalDate, lang),
              to: formatDate(link.departureDate, lang),
            })}{' '}
            <span className="text-sm text-slate-700" data-testid="link-state">
              ({a.state[state]})
            </span>
          </p>
        ) : (
          <p className="mt-1 text-slate-800">{a.codesIntro}</p>
        )}
      </div>
      {sp.zurueckgezogen ? <Notice tone="success">{a.revoked}</Notice> : null}
      {sp.neu ? <Notice tone="success">{a.rotated}</Notice> : null}

      {state === 'open' ? (
        <>
          {!isCode ? (
            <p>{fmt(a.invitationIntro, { date: formatDate(link.departureDate, lang) })}</p>
          ) : null}
          {/* eslint-disable-next-line @next/next/no-img-element -- an inline data URI, nothing to optimise */}
          <img
            src={qr}
            alt={a.qrAlt}
            width={240}
            height={240}
            className="rounded border border-slate-300 bg-white"
          />
          <div>
            <label htmlFor="link" className="text-sm font-medium">
              {a.link}
            </label>
            <input
              id="link"
              readOnly
              value={url}
              className="mt-1 block min-h-11 w-full rounded-md border border-slate-500 bg-slate-50 px-3 py-2 font-mono text-sm"
            />
          </div>
          <ShareLink
            url={url}
            title={a.invitationTitle}
            shareLabel={a.share}
            copyLabel={a.copy}
            copiedText={a.copied}
          />
          {isCode ? (
            <div className="flex flex-wrap gap-2">
              <a href={`${path}/aushang?format=A4`} className={buttonClass('secondary')}>
                {a.posterA4}
              </a>
              <a href={`${path}/aushang?format=A5`} className={buttonClass('secondary')}>
                {a.posterA5}
              </a>
            </div>
          ) : null}
          <div className="border-t border-slate-300 pt-4">
            {sp.bestaetigen ? (
              // Without JavaScript the dialog's trigger comes here: the same question as a page.
              <form action={action} className="space-y-3">
                <p>{confirm.text}</p>
                <SubmitButton pendingLabel={m.form.pending} variant={isCode ? 'primary' : 'danger'}>
                  {confirm.label}
                </SubmitButton>
              </form>
            ) : (
              <ConfirmDialog
                triggerLabel={confirm.label}
                fallbackHref={`${path}?bestaetigen=1`}
                title={`${confirm.label}?`}
                text={confirm.text}
                confirmLabel={confirm.label}
                cancelLabel={a.keep}
                pendingLabel={m.form.pending}
                action={action}
                danger={!isCode}
              />
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}
