// A real SMTP server in the test process (smtp-server), every message parsed with mailparser.
// `reject` decides per delivery attempt whether the server refuses it, with which code.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  port: number;
  received: ParsedMail[];
  /** Return a code (e.g. 451 or 550) to refuse the attempt's data, or null to accept it. */
  reject: (attempt: number, to: string) => number | null;
  attempts: number;
  close(): Promise<void>;
}

/** `onMail` also hears each accepted message (the e2e run writes them where the specs read). */
export async function startSmtp(port = 0, onMail?: (mail: ParsedMail) => void): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    port: 0,
    received: [],
    reject: () => null,
    attempts: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const attempt = ++state.attempts;
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      simpleParser(stream)
        .then((mail) => {
          const code = state.reject(attempt, to);
          if (code) {
            const err = Object.assign(
              new Error(code >= 500 ? 'Mailbox unavailable' : 'Try later'),
              {
                responseCode: code,
              },
            );
            callback(err);
            return;
          }
          state.received.push(mail);
          onMail?.(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
