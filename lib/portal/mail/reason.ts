// A mail's failure reason in the landlord's words. The outbox stores codes (`withdrawn`,
// `smtp <the server's answer>`, `connection <code>`); the server's answer is shown as it came.
// Client-safe.
import { fmt } from '../i18n';
import type { MailMessages } from '../i18n/mail';

export function reasonText(lastError: string | null, m: MailMessages): string | null {
  if (!lastError) return null;
  if (lastError === 'withdrawn') return m.reason.withdrawn;
  const [kind, ...rest] = lastError.split(' ');
  const detail = rest.join(' ');
  if (kind === 'smtp') return fmt(m.reason.smtp, { detail });
  if (kind === 'connection') return fmt(m.reason.connection, { detail });
  return lastError;
}
