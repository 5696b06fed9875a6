// The guest's language is remembered on the invitation's planned stay (decision 035): a party
// sent in Polish, or a switch to Czech on an invitation's page, makes the stay's later mails (the
// reminder, the guest card, the arrival morning) speak it; a code's link and a forged token
// change nothing. The mails speak each guest language, with the page's link in it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  portalCheckinLimits,
  portalCheckinLinks,
  portalCheckins,
  portalPlannedStays,
} from '@/lib/db/schema';
import { answerCheckinPost } from '@/lib/portal/compose/guest-checkin';
import { switchLanguage } from '@/lib/portal/checkin/guest-request';
import { createInvitation } from '@/lib/portal/checkin/links';
import { linkToken } from '@/lib/portal/checkin/token';
import { GUEST_LANGUAGES } from '@/lib/portal/i18n/guest/languages';
import { guestMail } from '@/lib/portal/i18n/guest/mail';
import { invitationMessage, noticeMessage } from '@/lib/portal/mail/templates';
import { findPlannedStay } from '@/lib/portal/stays/planned';
import { createPlannedStay } from '@/lib/portal/stays/planned-forms';
import { useEmptyDb } from '../helpers/db';
import { snapshot, phone } from './checkin-fixtures';
import { anna } from './fixtures';

const NOW = new Date('2027-07-01T10:00:00Z');

useEmptyDb([portalCheckins, portalCheckinLimits, portalCheckinLinks, portalPlannedStays]);

/** A planned stay the landlord wrote to in German, and its invitation's token. */
async function invitedStay() {
  const stay = await createPlannedStay(anna, {
    gemeindeId: 1,
    objektId: 7,
    arrival: '2027-07-03',
    departure: '2027-07-10',
    guestEmail: 'lucja@example.pl',
    guestLang: 'de',
  });
  const link = await createInvitation(anna, {
    snapshot,
    arrival: '2027-07-03',
    departure: '2027-07-10',
    expectedGuests: 2,
    plannedStayId: stay.id,
  });
  const token = linkToken({ kind: 'stay', publicId: link.publicId, until: '2027-07-10' });
  const lang = async () => (await findPlannedStay(anna, stay.id))?.guestLang;
  return { token, lang };
}

function response() {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
  };
  return { res: res as unknown as ServerResponse<IncomingMessage>, headers };
}

describe('the guest’s language, remembered', () => {
  it('is the sent party’s for the stay’s later mails', async () => {
    const { token, lang } = await invitedStay();
    const answer = await answerCheckinPost(
      {
        token,
        body: new URLSearchParams({
          intent: 'send',
          objektId: '7',
          'guests.0.tarifId': '1',
          'guests.0.fields.Gast_Vorname': 'Łucja',
          'guests.0.fields.Gast_Wohnort': 'Łódź',
        }),
        lang: 'pl',
        from: phone(),
        clientAddress: '192.0.2.1',
      },
      NOW,
    );
    expect(answer).toEqual({ redirect: expect.stringMatching(/\/danke$/) });
    expect(await lang()).toBe('pl');
  });

  it('is the switch’s on an invitation’s page, with the cookie and the way back', async () => {
    const { token, lang } = await invitedStay();
    const { res, headers } = response();
    const answer = await switchLanguage(res, new URLSearchParams({ lang: 'cs' }), token, '/karte');
    expect(answer).toEqual({
      redirect: { destination: `/checkin/${token}/karte`, statusCode: 303 },
    });
    expect(headers.get('set-cookie')).toMatch(/^lang=cs; /);
    expect(await lang()).toBe('cs');
  });

  it('is not changed by a language the pages do not speak, nor by a forged token', async () => {
    const { token, lang } = await invitedStay();
    const { res } = response();
    expect(await switchLanguage(res, new URLSearchParams({ lang: 'xx' }), token)).toBeNull();
    const forged = `${token.slice(0, -2)}AA`;
    await switchLanguage(res, new URLSearchParams({ lang: 'fr' }), forged);
    expect(await lang()).toBe('de');
  });
});

describe('the guest’s mails', () => {
  for (const lang of GUEST_LANGUAGES) {
    it(`speak ${lang}, with the link and the page's language declared`, () => {
      const words = guestMail(lang);
      const invitation = invitationMessage({
        kind: 'reminder',
        lang,
        landlordName: 'Anna Ahrens',
        objectName: 'Möwennest',
        arrival: '2027-07-03',
        departure: '2027-07-10',
        link: 'https://meldeportal.example.de/checkin/x?lang=' + lang,
      });
      expect(invitation.subject).toBe(
        words.invitation.subject.reminder.replace('{object}', 'Möwennest'),
      );
      expect(invitation.text).toContain(words.invitation.privacy);
      expect(invitation.html).toContain(`<html lang="${lang}">`);
      const arrival = noticeMessage(words.arrival, 'https://x.example/karte/1?lang=' + lang, lang);
      expect(arrival.subject).toBe(words.arrival.subject);
      expect(arrival.text).toContain('\nhttps://x.example/karte/1?lang=' + lang + '\n');
      expect(arrival.html).toContain(`<div lang="${lang}">`);
    });
  }

  it('escape what the link carries in the HTML', () => {
    const m = noticeMessage(guestMail('pl').card, 'https://x.example/?a=<b>&c', 'pl');
    expect(m.html).toContain('https://x.example/?a=&lt;b&gt;&amp;c');
    expect(m.text).toContain('\nhttps://x.example/?a=<b>&c\n');
  });
});
