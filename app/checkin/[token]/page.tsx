// The guest's check-in page: opened from an invitation link or an object's QR code, on a phone,
// without an account. Shows the accommodation (and an invitation's dates), the privacy notice,
// then the form; a guest who already sent their party sees it again to correct it.
import { cookies } from 'next/headers';
import { Message, Refused } from '@/components/checkin/refused';
import { PartyForm } from '@/components/checkin/party-form';
import { CardLink } from '@/components/guest-card/card-link';
import { hasCardPage } from '@/lib/portal/guest-card/access';
import { StayCard } from '@/components/checkin/stay-card';
import { ownSubmission } from '@/lib/portal/checkin/guest-session';
import { resolveGuestLink } from '@/lib/portal/checkin/guest-view';
import { emptyParty, partyFromSubmission } from '@/lib/portal/checkin/party';
import { addressFields, maxGuests } from '@/lib/portal/checkin/rules';
import { guestSubmission, hasSubmission } from '@/lib/portal/checkin/submissions';
import { countryOptions } from '@/lib/portal/config/countries';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';
import { berlinToday } from '@/lib/wire/time';
import { submitCheckin } from './actions';

export default async function CheckinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { lang, m } = await getI18n();
  const c = checkinMessages(lang).guest;
  const view = await resolveGuestLink(token);
  if (!('link' in view)) return <Refused reason={view.status} c={c} />;
  if (view.status === 'closed')
    return (
      <div className="space-y-4">
        <Message title={c.doneTitle} text={c.doneText} />
        {(await hasCardPage(token, await cookies())) ? (
          <CardLink token={token} label={checkinMessages(lang).card.open} />
        ) : null}
      </div>
    );
  const { link } = view;
  const own = await guestSubmission(link.id, await ownSubmission(link.id, await cookies()));
  if (!own && link.kind === 'stay' && (await hasSubmission(link.id)))
    return <Message title={c.takenTitle} text={c.takenText} />;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{c.title}</h1>
        <p className="text-slate-800">{c.intro}</p>
      </div>
      <StayCard
        snapshot={link.snapshot}
        arrival={link.arrivalDate}
        departure={link.departureDate}
        c={c}
        lang={lang}
      />
      <section
        aria-labelledby="datenschutz"
        className="rounded-md border-l-4 border-brand-600 bg-brand-50 p-3 text-sm"
      >
        <h2 id="datenschutz" className="font-semibold">
          {c.privacyTitle}
        </h2>
        <p className="mt-1">{c.privacyText}</p>
      </section>
      <PartyForm
        action={submitCheckin.bind(null, token)}
        config={link.snapshot.gemeinde}
        objektId={link.snapshot.objekt.id}
        askDates={link.kind === 'object'}
        initialValues={own ? partyFromSubmission(own, link.snapshot) : emptyParty(link)}
        maxGuests={maxGuests(link)}
        addressFields={addressFields(link.snapshot)}
        countries={countryOptions(lang)}
        correcting={!!own}
        today={berlinToday()}
        m={m}
        c={c}
        lang={lang}
      />
    </div>
  );
}
