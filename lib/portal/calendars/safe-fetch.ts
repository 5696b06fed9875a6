// Fetching a link a landlord typed (docs/decisions/015): only http(s), a deadline, a size cap, and
// only public addresses, checked after DNS and on every redirect hop. The address that passed the
// check is the one connected to (our `lookup` answers the socket), so a second DNS answer (DNS
// rebinding) cannot switch it. No `server-only`: the scheduler runs outside requests.
// The link carries the platform's secret token: nothing here logs it or puts it in an error.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { env } from '@/lib/env';
import { USER_AGENT } from '@/lib/portal/api/version';
import { isSpecialAddress } from './addresses';

export type FetchErrorCode =
  | 'invalid_url'
  | 'scheme'
  | 'private_address'
  | 'dns'
  | 'connection'
  | 'timeout'
  | 'too_large'
  | 'http_status'
  | 'redirects';

export class FeedFetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    readonly status?: number,
  ) {
    super(code); // the code only: never the link
    this.name = 'FeedFetchError';
  }
}

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Which resolved addresses may be connected to (public only, unless CALENDAR_ALLOW_PRIVATE=1). */
  isAllowed: (address: string) => boolean;
}

export const publicOnly = (address: string) => !isSpecialAddress(address);

export const DEFAULT_LIMITS: Omit<FetchLimits, 'isAllowed'> = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
};

export function defaultLimits(): FetchLimits {
  const allowPrivate = env().CALENDAR_ALLOW_PRIVATE === '1';
  return { ...DEFAULT_LIMITS, isAllowed: allowPrivate ? () => true : publicOnly };
}

/** The link as a URL of http(s), or the reason it is none. */
export function parseFeedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FeedFetchError('invalid_url');
  }
  if (url.protocol === 'webcal:') url = new URL(`https:${url.href.slice('webcal:'.length)}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchError('scheme');
  if (url.username || url.password) throw new FeedFetchError('invalid_url');
  return url;
}

/** Resolves the host once, refuses special addresses, and hands the socket what was checked. */
function checkedLookup(isAllowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family }, (err, addresses) => {
      if (err) return callback(new FeedFetchError('dns'), '', 0);
      const list = addresses as LookupAddress[];
      if (!list.length) return callback(new FeedFetchError('dns'), '', 0);
      // One special address among several is refused too: the socket might pick it.
      if (!list.every((a) => isAllowed(a.address))) {
        return callback(new FeedFetchError('private_address'), '', 0);
      }
      const pinned = list[0]!;
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    });
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

interface Hop {
  status: number;
  location?: string;
  body?: string;
}

function requestOnce(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<Hop> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !limits.isAllowed(host)) {
    return Promise.reject(new FeedFetchError('private_address'));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: false, // no socket reuse: every hop is looked up and checked afresh
        lookup: checkedLookup(limits.isAllowed),
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
          'accept-encoding': 'identity',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          res.resume();
          return resolve({ status, location: res.headers.location });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return reject(new FeedFetchError('http_status', status));
        }
        const declared = Number(res.headers['content-length']);
        if (declared > limits.maxBytes) {
          res.destroy();
          return reject(new FeedFetchError('too_large'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            res.destroy();
            reject(new FeedFetchError('too_large'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => reject(mapError(err, signal)));
      },
    );
    req.on('error', (err) => reject(mapError(err, signal)));
    req.end();
  });
}

function mapError(err: unknown, signal: AbortSignal): FeedFetchError {
  if (err instanceof FeedFetchError) return err;
  if (signal.aborted) return new FeedFetchError('timeout');
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof FeedFetchError) return cause;
  return new FeedFetchError('connection');
}

/** The body of the feed at `raw`, following at most `maxRedirects` checked redirects. */
export async function safeFetch(raw: string, limits: FetchLimits = defaultLimits()) {
  let url = parseFeedUrl(raw);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    for (let hop = 0; hop <= limits.maxRedirects; hop++) {
      const res = await requestOnce(url, limits, controller.signal).catch((err: unknown) => {
        throw mapError(err, controller.signal);
      });
      if (res.body !== undefined) return res.body;
      if (!res.location) throw new FeedFetchError('http_status', res.status);
      url = parseFeedUrl(new URL(res.location, url).href);
    }
    throw new FeedFetchError('redirects');
  } finally {
    clearTimeout(timer);
  }
}

/** A short form for showing a link after entry: its host only (the path holds the token). */
export function shortenFeedUrl(raw: string): string {
  if (raw.startsWith('demo:')) return raw;
  try {
    return `${new URL(raw).host}/…`;
  } catch {
    return '…';
  }
}
