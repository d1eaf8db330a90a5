import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a fetch may connect to: public unicast only. Everything in the IANA special-purpose
 * registries (RFC 6890 and successors) is refused — loopback, private, link-local, CGNAT, multicast,
 * documentation, benchmarking, reserved — and every IPv6 address outside global unicast (2000::/3),
 * plus the transition prefixes that can smuggle an IPv4 address (6to4, Teredo, NAT64).
 */
const NON_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 itself reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const NON_PUBLIC_V6: readonly [string, number][] = [
  // Outside 2000::/3 (global unicast): ::, ::1, IPv4-compatible and -mapped, NAT64 64:ff9b::/96,
  // discard 100::/64, ULA fc00::/7, link-local fe80::/10, site-local, multicast ff00::/8.
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  // Inside 2000::/3 but special.
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, ORCHID, benchmarking
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address
  ['3fff::', 20], // documentation (RFC 9637)
];

// Two lists: a BlockList also matches an IPv4 address against IPv6 rules (as ::ffff:a.b.c.d), and
// ::/3 would then refuse every IPv4 address.
const nonPublicV4 = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublicV4.addSubnet(network, prefix, 'ipv4');
const nonPublicV6 = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V6) nonPublicV6.addSubnet(network, prefix, 'ipv6');

/** `[::1]` → `::1`: URL hostnames keep the brackets of an IPv6 literal. */
export const stripBrackets = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

const mappedV4 = new BlockList();
mappedV4.addSubnet('::ffff:0:0', 96, 'ipv6');

/** The canonical (WHATWG URL) spelling of an IPv6 literal: lowercase, zeros compressed, no dotted quad. */
function canonicalIPv6(ip: string): string {
  return stripBrackets(new URL(`http://[${ip}]/`).hostname);
}

/**
 * The address a connection to `address` really reaches: an IPv4-mapped IPv6 address (`::ffff:7f00:1`,
 * `::ffff:127.0.0.1`) is the IPv4 address it wraps. Other addresses come back unchanged (IPv6 in
 * canonical form). Not an IP literal: returned as given.
 */
export function unwrapMappedIPv4(address: string): string {
  const ip = stripBrackets(address);
  if (isIP(ip) !== 6) return ip;
  const canonical = canonicalIPv6(ip);
  if (!mappedV4.check(canonical, 'ipv6')) return canonical;
  // Canonical mapped form is `::ffff:hhhh:hhhh`; the last two hextets are the IPv4 address.
  const [high = 0, low = 0] = canonical
    .split(':')
    .slice(-2)
    .map((hextet) => Number.parseInt(hextet, 16));
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether `address` (an IPv4 or IPv6 literal, brackets allowed) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const ip = unwrapMappedIPv4(address);
  const family = isIP(ip);
  if (family === 0) return false;
  return family === 4 ? !nonPublicV4.check(ip, 'ipv4') : !nonPublicV6.check(ip, 'ipv6');
}
