// Global setup of the e2e run: a real SMTP server (tests/helpers/smtp.ts) on E2E_SMTP_PORT, the
// port the web server's SMTP_URL names (playwright.config.ts). Each accepted message is written
// as JSON into E2E_MAIL_DIR: the specs run in other processes and read them there (receivedMails).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtp } from '../../tests/helpers/smtp';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export default async function startMailServer(): Promise<() => Promise<void>> {
  const dir = process.env.E2E_MAIL_DIR!;
  let n = 0;
  const smtp = await startSmtp(Number(process.env.E2E_SMTP_PORT), (mail) => {
    const to = [mail.to ?? []]
      .flat()
      .map((a) => a.text)
      .join(', ');
    const stored: StoredMail = {
      to,
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
    };
    writeFileSync(path.join(dir, `${Date.now()}-${++n}.json`), JSON.stringify(stored));
  });
  return () => smtp.close();
}
