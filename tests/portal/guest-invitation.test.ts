// The planned stay's invitation component as the server renders it: each mail's state in words
// (waiting, sent, failed with the server's reason, withdrawn), send vs. resend, withdraw only
// for an invited stay, nothing to send for a booked one. Browser behaviour is covered by e2e.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  GuestInvitation,
  type GuestInvitationProps,
} from '@/components/invitations/guest-invitation';
import { mailMessages } from '@/lib/portal/i18n/mail';

const noop = async () => {};
const mail = (over: Partial<GuestInvitationProps['mails'][number]>) => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'invitation' as const,
  state: 'waiting' as const,
  lastError: null,
  attempts: 0,
  sentAt: null,
  nextAttemptAt: new Date('2027-07-13T10:00:00Z'),
  createdAt: new Date('2027-07-13T10:00:00Z'),
  ...over,
});

function render(over: Partial<GuestInvitationProps> = {}): string {
  const props: GuestInvitationProps = {
    stay: { guestEmail: 'gast@example.org', guestLang: 'de', state: 'planned' },
    mails: [],
    actions: { saveContact: noop, send: noop, withdraw: noop },
    returnTo: '/aufenthalte/kommend/x',
    m: mailMessages('de'),
    pending: '…',
    lang: 'de',
    ...over,
  };
  return renderToStaticMarkup(createElement(GuestInvitation, props));
}

describe('guest invitation component', () => {
  it('names every kind of mail in words, the guest card too (never the raw kind)', () => {
    const html = render({
      mails: [mail({ kind: 'card', id: '00000000-0000-4000-8000-000000000002' })],
    });
    expect(html).toContain('>Kurkarte</a>');
    expect(mailMessages('en').kind.card).toBe('Guest card');
  });

  it('offers to send a first invitation, with the contact filled in', () => {
    const html = render();
    expect(html).toContain('Einladung senden');
    expect(html).toContain('value="gast@example.org"');
    expect(html).not.toContain('Einladung zurückziehen');
    expect(html).toContain('Noch keine E-Mail.');
  });

  it('shows each mail with its state and reason; resend and withdraw for an invited stay', () => {
    const html = render({
      stay: { guestEmail: 'gast@example.org', guestLang: 'en', state: 'invited' },
      mails: [
        mail({ state: 'failed', lastError: 'smtp 550 Mailbox <unavailable>' }),
        mail({ kind: 'reminder', state: 'sent', sentAt: new Date('2027-07-18T08:00:00Z') }),
        mail({ state: 'waiting', attempts: 2, lastError: 'connection ESOCKET' }),
      ],
    });
    expect(html).toContain('Erneut senden');
    expect(html).toContain('Einladung zurückziehen');
    expect(html).toContain('Der Mailserver hat abgelehnt: 550 Mailbox &lt;unavailable&gt;');
    expect(html).toContain('data-mail-state="sent"');
    expect(html).toContain('Erinnerung');
    expect(html).toContain('2 Versuch(e)');
    expect(html).toMatch(/<option value="en" selected="">Englisch<\/option>/);
  });

  it('sends nothing for a booked stay; a withdrawn mail says so', () => {
    const html = render({
      stay: { guestEmail: 'gast@example.org', guestLang: 'de', state: 'booked' },
      mails: [mail({ state: 'failed', lastError: 'withdrawn' })],
    });
    expect(html).not.toContain('Einladung senden');
    expect(html).not.toContain('Erneut senden');
    expect(html).toContain('zurückgezogen, nicht gesendet');
  });
});
