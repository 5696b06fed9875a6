// The set-password mails (docs/decisions/032): one column, a text link, no images, `lang` set; the
// same words as text. Made at send time from the row and the opened token, so the token is never
// stored in a message body.
import { publicBaseUrl } from '../../env';
import type { OfficeMailKind } from './outbox';

export interface OfficeMessage {
  subject: string;
  text: string;
  html: string;
}

const WORDS = {
  de: {
    landlord_invitation: {
      subject: 'Ihr Zugang zum Meldeportal',
      intro: 'die Gemeinde hat für Sie ein Konto im Meldeportal angelegt.',
    },
    staff_invitation: {
      subject: 'Ihr Zugang zur Verwaltung des Meldeportals',
      intro: 'für Sie wurde ein Konto in der Verwaltung des Meldeportals angelegt.',
    },
    hello: 'Guten Tag,',
    username: 'Ihr Benutzername',
    action: 'Legen Sie Ihr Passwort über diesen Link fest:',
    expiry: 'Der Link gilt 7 Tage und nur einmal. Ein neuer Link macht diesen ungültig.',
    ignore: 'Wenn Sie kein Konto erwartet haben, können Sie diese E-Mail ignorieren.',
  },
  en: {
    landlord_invitation: {
      subject: 'Your access to the Meldeportal',
      intro: 'the municipality has created an account for you in the Meldeportal.',
    },
    staff_invitation: {
      subject: "Your access to the Meldeportal's office",
      intro: "an account in the Meldeportal's office has been created for you.",
    },
    hello: 'Hello,',
    username: 'Your username',
    action: 'Set your password through this link:',
    expiry: 'The link works for 7 days and only once. A new link makes this one invalid.',
    ignore: 'If you did not expect an account, you can ignore this e-mail.',
  },
} as const;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function setPasswordUrl(token: string, lang: 'de' | 'en'): string {
  const url = new URL(`/passwort/${token}`, publicBaseUrl());
  if (lang === 'en') url.searchParams.set('lang', 'en');
  return url.toString();
}

export function officeMessage(
  kind: OfficeMailKind,
  lang: 'de' | 'en',
  username: string,
  token: string,
): OfficeMessage {
  const w = WORDS[lang];
  const k = w[kind];
  const link = setPasswordUrl(token, lang);
  const name = username.replace(/[\r\n]/g, ' ');
  const text = [
    w.hello,
    '',
    k.intro,
    `${w.username}: ${name}`,
    '',
    w.action,
    link,
    '',
    w.expiry,
    w.ignore,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escape(k.subject)}</title></head>
<body style="font-family:sans-serif;max-width:40em;margin:0 auto;padding:1em;line-height:1.5">
<h1 style="font-size:1.3em">${escape(k.subject)}</h1>
<p>${escape(w.hello)}</p>
<p>${escape(k.intro)}</p>
<p>${escape(w.username)}: <strong>${escape(name)}</strong></p>
<p>${escape(w.action)}<br><a href="${escape(link)}">${escape(link)}</a></p>
<p>${escape(w.expiry)}</p>
<p>${escape(w.ignore)}</p>
</body></html>`;
  return { subject: k.subject, text, html };
}
