import 'server-only';
// APNs pushes for changed passes (Apple's pass update flow): an empty JSON body to each device
// token, topic = the Pass Type ID; the phone then asks the web service what changed. HTTP/2 over
// node:http2 with token auth (ES256 JWT, jose) or the pass certificate as TLS client certificate.
// A failed push never fails the landlord's edit: it is logged (without tokens) and the phone
// still finds the change on its next check.
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { createSecureContext, type SecureContext } from 'node:tls';
import { SignJWT } from 'jose';
import { describeError } from '@/lib/log';
import type { AppleConfig } from '../config';
import { signingKey } from '../keys';
import { dropPushToken } from './registrations';

/**
 * A provider token is renewed after this long. Apple refuses tokens renewed more often than every
 * 20 minutes (429 TooManyProviderTokenUpdates) and expires them after 60 (403
 * ExpiredProviderToken): one token per key and process, kept for 40 minutes, sits safely inside.
 */
export const APNS_TOKEN_RENEW_MS = 40 * 60_000;

/** Per team, key id and key: the token (a promise, so concurrent batches share one) and its age. */
const providerTokens = new Map<string, { auth: Promise<string>; issuedAt: number }>();

const tokenId = (cfg: AppleConfig) =>
  cfg.apnsToken ? `${cfg.teamId}\n${cfg.apnsToken.keyId}\n${cfg.apnsToken.key}` : '';

function bearer(cfg: AppleConfig): Promise<string> | undefined {
  const apns = cfg.apnsToken;
  if (!apns) return undefined;
  const id = tokenId(cfg);
  const now = Date.now();
  const kept = providerTokens.get(id);
  if (kept && now >= kept.issuedAt && now - kept.issuedAt < APNS_TOKEN_RENEW_MS) return kept.auth;
  const auth = signingKey(apns.key, 'ES256').then(async (key) => {
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: apns.keyId })
      .setIssuer(cfg.teamId)
      .setIssuedAt(Math.floor(now / 1000))
      .sign(key);
    return `bearer ${jwt}`;
  });
  providerTokens.set(id, { auth, issuedAt: now });
  auth.catch(() => providerTokens.delete(id)); // a token that could not be made is not kept
  return auth;
}

/** The pass certificate and key as a TLS context, built once per configuration. */
const clientContexts = new WeakMap<AppleConfig, SecureContext>();

function clientContext(cfg: AppleConfig): SecureContext {
  let context = clientContexts.get(cfg);
  if (!context) {
    context = createSecureContext({
      cert: cfg.signerCert,
      key: cfg.signerKey,
      ...(cfg.signerKeyPassphrase ? { passphrase: cfg.signerKeyPassphrase } : {}),
    });
    clientContexts.set(cfg, context);
  }
  return context;
}

/** APNs's status and, on a refusal, its reason (`{"reason":"ExpiredProviderToken"}`). */
function send(
  session: ClientHttp2Session,
  headers: Record<string, string>,
): Promise<{ status: number; reason?: string }> {
  return new Promise((resolve, reject) => {
    const req = session.request(headers);
    req.setTimeout(10_000, () => req.close(constants.NGHTTP2_CANCEL));
    let status = 0;
    let body = '';
    req.on('response', (h) => (status = Number(h[':status'])));
    req.on('data', (chunk: Buffer) => {
      if (body.length < 1024) body += chunk.toString('utf8');
    });
    req.on('error', reject);
    req.on('close', () => resolve({ status, reason: reasonOf(body) }));
    req.end('{}');
  });
}

function reasonOf(body: string): string | undefined {
  try {
    const reason = (JSON.parse(body) as { reason?: unknown }).reason;
    return typeof reason === 'string' ? reason.slice(0, 64) : undefined;
  } catch {
    return undefined;
  }
}

/** Tells each device to fetch its changed passes; returns how many APNs accepted. */
export async function pushPassUpdates(cfg: AppleConfig, pushTokens: string[]): Promise<number> {
  if (!pushTokens.length) return 0;
  let accepted = 0;
  let session: ClientHttp2Session | undefined;
  try {
    const auth = await bearer(cfg);
    session = connect(cfg.apnsHost, auth ? {} : { secureContext: clientContext(cfg) });
    session.on('error', () => undefined); // each request reports its own failure
    for (const token of pushTokens) {
      const { status, reason } = await send(session, {
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(token)}`,
        'apns-topic': cfg.passTypeId,
        'apns-push-type': 'background',
        'content-type': 'application/json',
        ...(auth ? { authorization: auth } : {}),
      });
      if (status === 200) accepted++;
      else if (status === 410) await dropPushToken(token);
      else {
        // Apple expired the token early (a clock apart): the next batch makes a new one.
        if (reason === 'ExpiredProviderToken') providerTokens.delete(tokenId(cfg));
        console.warn(`wallet: APNs answered ${status} ${reason ?? ''} to a pass update`.trim());
      }
    }
  } catch (err) {
    console.warn('wallet: APNs push failed', describeError(err));
  } finally {
    session?.close();
  }
  return accepted;
}
