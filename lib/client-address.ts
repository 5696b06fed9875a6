// The client's address behind trusted proxies (DECISIONS 2.4). X-Forwarded-For is believed only
// when the direct peer is a configured proxy (TRUSTED_PROXIES; default loopback, which is how the
// portal in this app calls the service). Read from the right: each trusted hop appended the address
// it saw, so the first address not trusted is the client; anything left of it a client could forge.
import { BlockList, isIP } from 'node:net';
import { env } from './env';

let cached: { spec: string; list: BlockList } | undefined;

function trustedProxies(): BlockList {
  const spec = env().TRUSTED_PROXIES;
  if (cached?.spec === spec) return cached.list;
  const list = new BlockList();
  for (const entry of spec.split(',').map((s) => s.trim())) {
    if (!entry) continue;
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  cached = { spec, list };
  return list;
}

/** `::ffff:127.0.0.1` as `127.0.0.1`; anything that is no IP address as null. */
function normalize(address: string | undefined): string | null {
  const a = address?.trim().replace(/^\[|\]$/g, '') ?? '';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a)?.[1];
  if (v4) return v4;
  return isIP(a) ? a : null;
}

function isTrusted(address: string): boolean {
  return trustedProxies().check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** The client's address for a request from `peer` carrying `forwardedFor` (X-Forwarded-For). */
export function clientAddress(peer: string | undefined, forwardedFor: string | null | undefined) {
  const direct = normalize(peer);
  if (!direct) return peer || 'unknown';
  if (!forwardedFor || !isTrusted(direct)) return direct;
  let client = direct;
  for (const hop of forwardedFor.split(',').reverse()) {
    const address = normalize(hop);
    // A malformed hop: the chain cannot be followed further, the last good address stands.
    if (!address) break;
    client = address;
    if (!isTrusted(address)) break;
  }
  return client;
}

/**
 * The bucket an address is counted in by per-address limits (sign-in, guest check-in): an IPv4
 * address itself, an IPv6 address by its /64, since one subscriber usually holds a whole prefix
 * and per address every attempt could come from a fresh one. Anything else as given.
 */
export function addressBucket(address: string): string {
  const a = normalize(address);
  if (!a) return address;
  if (isIP(a) !== 6) return a;
  const [head = '', tail] = a.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  const prefix = [...left, ...zeros, ...right].slice(0, 4).map((g) => parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * Whether the browser came over https: the connection itself, or a trusted proxy's
 * X-Forwarded-Proto (the first value, the scheme the outermost proxy saw). From anyone else the
 * header is not believed.
 */
export function cameOverHttps(
  peer: string | undefined,
  forwardedProto: string | null | undefined,
  encrypted = false,
): boolean {
  if (encrypted) return true;
  const direct = normalize(peer);
  if (!direct || !forwardedProto || !isTrusted(direct)) return false;
  return forwardedProto.split(',')[0]!.trim().toLowerCase() === 'https';
}
