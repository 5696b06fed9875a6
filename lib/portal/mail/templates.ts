// The guest's invitation and reminder, in the guest's language (i18n/guest/mail): plain,
// accessible HTML (one column, real headings, a text link, no images, language declared) and the
// same words as text. Everything a landlord or a calendar typed is escaped in the HTML.
import { formatDate } from '../format';
import type { GuestLang } from '../i18n/guest/languages';
import { guestMail } from '../i18n/guest/mail';
import type { MailKind, MailMessage } from './outbox';
import { escapeHtml } from '../../escape-html';

export interface InvitationFacts {
  kind: MailKind;
  lang: GuestLang;
  landlordName: string;
  objectName: string;
  arrival: string;
  departure: string;
  link: string;
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
  const w = guestMail(f.lang).invitation;
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

/**
 * A short message in paragraphs (the guest card's on booking, the arrival morning's): the
 * dictionary's body with its link filled in, as text and as HTML in the mail's language.
 */
export function noticeMessage(
  words: { subject: string; body: string },
  url: string,
  lang: GuestLang,
): MailMessage {
  const text = fill(words.body, { url });
  const paragraphs = escapeHtml(text).replaceAll('\n\n', '</p><p>').replaceAll('\n', '<br>');
  return { subject: words.subject, text, html: `<div lang="${lang}"><p>${paragraphs}</p></div>` };
}
