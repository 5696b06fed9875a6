// Which addresses a feed link may reach: public unicast only. A landlord types the link, so without
// this rule the portal would fetch from its own loopback, the cloud's metadata service
// (169.254.169.254) or the private network behind it on their behalf (request forgery).
import { BlockList, isIP } from 'node:net';

// Two lists: a BlockList also matches IPv4 addresses against IPv4-mapped IPv6 rules.
const special4 = new BlockList();
const special6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  special4.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped in hex form (the dotted form is checked as IPv4 below)
  ['64:ff9b::', 96], // NAT64: would reach an IPv4 address we did not check
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  special6.addSubnet(net, bits, 'ipv6');
}

const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** True for loopback, private, link-local and every other non-public address. */
export function isSpecialAddress(address: string): boolean {
  const mapped = MAPPED.exec(address);
  if (mapped) return isSpecialAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 4) return special4.check(address, 'ipv4');
  if (family === 6) return special6.check(address, 'ipv6');
  return true; // not an address at all: never connect to it
}
