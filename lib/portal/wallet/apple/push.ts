import 'server-only';
// APNs pushes for changed passes (Apple's pass update flow): an empty JSON body to each device
// token, topic = the Pass Type ID; the phone then asks the web service what changed. HTTP/2 over
// node:http2 with token auth (ES256 JWT, jose) or the pass certificate as TLS client certificate.
// A failed push never fails the landlord's edit: it is logged (without tokens) and the phone
// still finds the change on its next check.
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import { describeError } from '@/lib/log';
import type { AppleConfig } from '../config';
import { dropPushToken } from './registrations';

async function bearer(cfg: AppleConfig): Promise<string | undefined> {
  if (!cfg.apnsToken) return undefined;
  const key = await importPKCS8(cfg.apnsToken.key, 'ES256');
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: cfg.apnsToken.keyId })
    .setIssuer(cfg.teamId)
    .setIssuedAt()
    .sign(key);
  return `bearer ${jwt}`;
}

function send(session: ClientHttp2Session, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = session.request(headers);
    req.setTimeout(10_000, () => req.close(constants.NGHTTP2_CANCEL));
    let status = 0;
    req.on('response', (h) => (status = Number(h[':status'])));
    req.on('error', reject);
    req.on('close', () => resolve(status));
    req.resume();
    req.end('{}');
  });
}

/** Tells each device to fetch its changed passes; returns how many APNs accepted. */
export async function pushPassUpdates(cfg: AppleConfig, pushTokens: string[]): Promise<number> {
  if (!pushTokens.length) return 0;
  let accepted = 0;
  let session: ClientHttp2Session | undefined;
  try {
    const auth = await bearer(cfg);
    session = connect(
      cfg.apnsHost,
      auth ? {} : { cert: cfg.signerCert, key: cfg.signerKey, passphrase: cfg.signerKeyPassphrase },
    );
    session.on('error', () => undefined); // each request reports its own failure
    for (const token of pushTokens) {
      const status = await send(session, {
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(token)}`,
        'apns-topic': cfg.passTypeId,
        'apns-push-type': 'background',
        'content-type': 'application/json',
        ...(auth ? { authorization: auth } : {}),
      });
      if (status === 200) accepted++;
      else if (status === 410) await dropPushToken(token);
      else console.warn(`wallet: APNs answered ${status} to a pass update`);
    }
  } catch (err) {
    console.warn('wallet: APNs push failed', describeError(err));
  } finally {
    session?.close();
  }
  return accepted;
}
