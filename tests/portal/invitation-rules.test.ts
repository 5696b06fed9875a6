// When automatic invitations and reminders are due (pure rules), and the messages themselves:
// both parts, both languages, everything the landlord or a calendar typed escaped in the HTML.
import { describe, expect, it } from 'vitest';
import { dueMail, type MailHistory, type StayFacts } from '@/lib/portal/invitations/rules';
import { escapeHtml } from '@/lib/escape-html';
import { invitationMessage } from '@/lib/portal/mail/templates';
import { addDays } from '@/lib/wire/time';

const ARRIVAL = '2027-07-20';
const stay = (over: Partial<StayFacts> = {}): StayFacts => ({
  arrival: ARRIVAL,
  state: 'planned',
  guestEmail: 'gast@example.org',
  checkedIn: false,
  ...over,
});
const none: MailHistory = { invitedOn: null, reminded: false, openLink: false };
const invited = (on: string, over: Partial<MailHistory> = {}): MailHistory => ({
  invitedOn: on,
  reminded: false,
  openLink: true,
  ...over,
});
const on = { autoInvite: true, daysBefore: 7 };
const day = (n: number) => addDays(ARRIVAL, n);

describe('automatic invitation timing', () => {
  it('invites 7 days before arrival, not earlier', () => {
    expect(dueMail(stay(), none, on, day(-8))).toBeNull();
    expect(dueMail(stay(), none, on, day(-7))).toBe('invitation');
  });

  it('invites at once when the stay is nearer than the lead time', () => {
    expect(dueMail(stay(), none, on, day(-3))).toBe('invitation');
    expect(dueMail(stay(), none, on, day(0))).toBe('invitation');
    expect(dueMail(stay(), none, { autoInvite: true, daysBefore: 14 }, day(-14))).toBe(
      'invitation',
    );
  });

  it('sends nothing when switched off, without an address, after arrival, or when closed', () => {
    expect(dueMail(stay(), none, { autoInvite: false, daysBefore: 7 }, day(-7))).toBeNull();
    expect(dueMail(stay({ guestEmail: null }), none, on, day(-7))).toBeNull();
    expect(dueMail(stay(), none, on, day(1))).toBeNull();
    for (const state of ['cancelled', 'booked', 'checked_in'] as const)
      expect(dueMail(stay({ state }), none, on, day(-5))).toBeNull();
  });

  it('reminds 2 days before arrival when the guests have not checked in', () => {
    const h = invited(day(-7));
    expect(dueMail(stay({ state: 'invited' }), h, on, day(-3))).toBeNull();
    expect(dueMail(stay({ state: 'invited' }), h, on, day(-2))).toBe('reminder');
    expect(dueMail(stay({ state: 'invited' }), h, on, day(-1))).toBe('reminder');
    expect(dueMail(stay({ state: 'invited' }), { ...h, reminded: true }, on, day(-2))).toBeNull();
  });

  it('sends nothing once the guests have checked in', () => {
    expect(dueMail(stay({ checkedIn: true }), none, on, day(-7))).toBeNull();
    expect(
      dueMail(stay({ state: 'invited', checkedIn: true }), invited(day(-7)), on, day(-2)),
    ).toBeNull();
  });

  it('never repeats an invitation by itself, and no reminder right after one', () => {
    expect(dueMail(stay({ state: 'invited' }), invited(day(-7)), on, day(-5))).toBeNull();
    // Invited 3 days before: the reminder would follow the next day; it is left out.
    expect(dueMail(stay({ state: 'invited' }), invited(day(-3)), on, day(-2))).toBeNull();
    expect(dueMail(stay({ state: 'invited' }), invited(day(-4)), on, day(-2))).toBe('reminder');
    // A withdrawn invitation (no link that works) gets no reminder.
    expect(
      dueMail(stay({ state: 'planned' }), invited(day(-7), { openLink: false }), on, day(-2)),
    ).toBeNull();
  });
});

describe('invitation message', () => {
  const facts = {
    kind: 'invitation' as const,
    lang: 'de' as const,
    landlordName: 'Anna "Ann" Müller & Söhne',
    objectName: '<script>alert(1)</script> Möwennest',
    arrival: '2027-07-20',
    departure: '2027-07-27',
    link: 'http://localhost:3000/checkin/eAbc.def?x=1&y=2',
  };

  it('escapes every typed text in the HTML and keeps the text part plain', () => {
    const m = invitationMessage(facts);
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Möwennest');
    expect(m.html).toContain('Anna &quot;Ann&quot; Müller &amp; Söhne');
    expect(m.html).toContain('href="http://localhost:3000/checkin/eAbc.def?x=1&amp;y=2"');
    expect(m.text).toContain('<script>alert(1)</script> Möwennest');
    expect(m.text).toContain(facts.link);
    expect(m.subject).toBe(
      'Online-Check-in für Ihren Aufenthalt in <script>alert(1)</script> Möwennest',
    );
  });

  it('speaks the guest language with the dates, the link and the privacy note', () => {
    const de = invitationMessage(facts);
    expect(de.html).toContain('<html lang="de">');
    expect(de.text).toContain('vom 20.07.2027 bis 27.07.2027');
    expect(de.text).toContain('Datenschutz');
    const en = invitationMessage({ ...facts, lang: 'en', kind: 'reminder' });
    expect(en.html).toContain('<html lang="en">');
    expect(en.subject).toMatch(/^Reminder: online check-in/);
    expect(en.text).toContain('from 20 Jul 2027 to 27 Jul 2027');
    expect(en.text).toContain('Privacy');
  });

  it('keeps line breaks out of the subject', () => {
    const m = invitationMessage({ ...facts, objectName: 'Nest\r\nBcc: x@example.org' });
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(escapeHtml(`<a href="x">'`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;');
  });
});
