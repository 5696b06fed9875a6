// The guest's invitation and reminder, in the guest's language (German by default, English): plain,
// accessible HTML (one column, real headings, a text link, no images, language declared) and the
// same words as text. Everything a landlord or a calendar typed is escaped in the HTML.
import { formatDate } from '../format';
import type { Lang } from '../i18n';
import type { MailKind, MailMessage } from './outbox';

export interface InvitationFacts {
  kind: MailKind;
  lang: Lang;
  landlordName: string;
  objectName: string;
  arrival: string;
  departure: string;
  link: string;
}

interface Words {
  subject: Record<MailKind, string>;
  greeting: string;
  intro: Record<MailKind, string>;
  stay: string;
  action: string;
  linkHint: string;
  privacyTitle: string;
  privacy: string;
  closing: string;
}

const WORDS: Record<Lang, Words> = {
  de: {
    subject: {
      invitation: 'Online-Check-in für Ihren Aufenthalt in {object}',
      reminder: 'Erinnerung: Online-Check-in für {object}',
    },
    greeting: 'Guten Tag,',
    intro: {
      invitation:
        '{landlord} lädt Sie ein, sich vor Ihrer Anreise online anzumelden. Das spart Ihnen den Meldeschein auf Papier bei der Ankunft.',
      reminder:
        'Ihre Anreise steht bevor. {landlord} bittet Sie, den Online-Check-in noch vor der Ankunft auszufüllen.',
    },
    stay: 'Ihr Aufenthalt: {object}, vom {from} bis {to}.',
    action: 'Zum Online-Check-in',
    linkHint: 'Der Link gilt bis zum Abreisetag. Geben Sie ihn bitte nicht weiter.',
    privacyTitle: 'Datenschutz',
    privacy:
      'Ihre Angaben werden nur für den gesetzlich vorgeschriebenen Meldeschein (§ 29 ff. Bundesmeldegesetz) verwendet, nur Ihrem Gastgeber gezeigt und spätestens sieben Tage nach der Abreise aus dem Check-in gelöscht.',
    closing: 'Gute Anreise!',
  },
  en: {
    subject: {
      invitation: 'Online check-in for your stay at {object}',
      reminder: 'Reminder: online check-in for {object}',
    },
    greeting: 'Hello,',
    intro: {
      invitation:
        '{landlord} invites you to check in online before you arrive. It saves you the paper registration form on arrival.',
      reminder:
        'Your arrival is near. {landlord} asks you to complete the online check-in before you arrive.',
    },
    stay: 'Your stay: {object}, from {from} to {to}.',
    action: 'Go to the online check-in',
    linkHint: 'The link works until your day of departure. Please do not share it.',
    privacyTitle: 'Privacy',
    privacy:
      'Your details are used only for the registration form German law requires (§ 29 ff. Federal Registration Act), are shown only to your host and are deleted from the check-in at the latest seven days after your departure.',
    closing: 'Have a good journey!',
  },
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Fills `{name}` placeholders; `esc` is applied to each value, never to the template. */
function fill(template: string, vars: Record<string, string>, esc = (s: string) => s): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in vars ? esc(vars[key]!) : whole,
  );
}

/** Line breaks and other control characters out of a header (the subject). */
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

export function invitationMessage(f: InvitationFacts): MailMessage {
  const w = WORDS[f.lang];
  const vars = {
    landlord: oneLine(f.landlordName),
    object: oneLine(f.objectName),
    from: formatDate(f.arrival, f.lang),
    to: formatDate(f.departure, f.lang),
  };
  const subject = fill(w.subject[f.kind], vars);
  const text = [
    w.greeting,
    '',
    fill(w.intro[f.kind], vars),
    '',
    fill(w.stay, vars),
    '',
    `${w.action}:`,
    f.link,
    w.linkHint,
    '',
    `${w.privacyTitle}: ${w.privacy}`,
    '',
    w.closing,
    vars.landlord,
    '',
  ].join('\n');
  const h = (template: string) => fill(template, vars, escapeHtml);
  const link = escapeHtml(f.link);
  const html = `<!DOCTYPE html>
<html lang="${f.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1e293b;background:#ffffff">
<main style="max-width:560px;margin:0 auto">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(w.greeting)}</p>
<p>${h(w.intro[f.kind])}</p>
<p>${h(w.stay)}</p>
<p><a href="${link}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:underline">${escapeHtml(w.action)}</a></p>
<p style="font-size:14px">${escapeHtml(w.linkHint)}<br><span style="word-break:break-all">${link}</span></p>
<h2 style="font-size:16px;margin:24px 0 4px">${escapeHtml(w.privacyTitle)}</h2>
<p style="font-size:14px;margin-top:0">${escapeHtml(w.privacy)}</p>
<p>${escapeHtml(w.closing)}<br>${escapeHtml(vars.landlord)}</p>
</main>
</body>
</html>
`;
  return { subject, text, html };
}
