import { isIP } from 'node:net';

import { FetchRefusedError } from './fetch-errors.ts';
import { isPublicAddress, stripBrackets, unwrapMappedIPv4 } from './ip-ranges.ts';

/** The test allow-list, normalised once: host names (IDN as punycode) and canonical addresses. */
export interface AllowList {
  hosts: ReadonlySet<string>;
  addresses: ReadonlySet<string>;
}

export function buildAllowList(entries: readonly string[] = []): AllowList {
  const hosts = new Set<string>();
  const addresses = new Set<string>();
  for (const entry of entries) {
    const bare = stripBrackets(entry.trim());
    if (!bare) continue;
    if (isIP(bare)) addresses.add(unwrapMappedIPv4(bare));
    else hosts.add(new URL(`http://${bare}/`).hostname);
  }
  return { hosts, addresses };
}

/** A URL that passed the checks that need no network, with what the connection needs. */
export interface VettedUrl {
  url: URL;
  /** Host name without IPv6 brackets, lowercased, IDN as punycode (the WHATWG parser's work). */
  host: string;
  port: number;
  /** Set when the host is an IP literal: the (unwrapped) address to connect to. */
  literal: string | undefined;
  /** The host name itself is allow-listed: its DNS answers may be non-public. */
  hostAllowed: boolean;
}

/** Whether `address` may be connected to: public, or allow-listed (by itself or through its host name). */
export function addressAllowed(address: string, allow: AllowList, hostAllowed: boolean): boolean {
  return hostAllowed || isPublicAddress(address) || allow.addresses.has(unwrapMappedIPv4(address));
}

/**
 * The checks before any network traffic. The WHATWG URL parser normalises hosts the way a client
 * would connect to them (`0x7f.1`, `2130706433` and `0177.0.0.1` all become `127.0.0.1`, IDN becomes
 * punycode), so the literal check below sees the address that would really be used.
 */
export function vetUrl(raw: string | URL, allowedPorts: readonly number[], allow: AllowList): VettedUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefusedError('invalid_url', String(raw), 'not an absolute URL');
  }
  const shown = url.href;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError('scheme', shown, `scheme ${url.protocol} is not http or https`);
  }
  if (url.username || url.password)
    throw new FetchRefusedError('userinfo', shown, 'URLs with a user name or password are not fetched');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!allowedPorts.includes(port))
    throw new FetchRefusedError('port', shown, `port ${port} is not allowed (allowed: ${allowedPorts.join(', ')})`);
  const host = stripBrackets(url.hostname);
  if (!host) throw new FetchRefusedError('invalid_url', shown, 'the URL has no host');
  const hostAllowed = allow.hosts.has(host);
  if (isIP(host) === 0) {
    // RFC 6761: `localhost` and `*.localhost` are loopback whatever DNS says.
    if (!hostAllowed && /(?:^|\.)localhost\.?$/.test(host))
      throw new FetchRefusedError('private_address', shown, `${host} is a loopback name`);
    return { url, host, port, literal: undefined, hostAllowed };
  }
  const literal = unwrapMappedIPv4(host);
  if (!addressAllowed(literal, allow, hostAllowed)) {
    throw new FetchRefusedError('private_address', shown, `${literal} is not a public address`);
  }
  return { url, host, port, literal, hostAllowed };
}
