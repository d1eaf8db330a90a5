import { lookup, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

import { FetchRefusedError } from './fetch-errors.ts';
import { unwrapMappedIPv4 } from './ip-ranges.ts';
import type { AllowList, VettedUrl } from './vet-url.ts';
import { addressAllowed } from './vet-url.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every A and AAAA answer for a name; an empty list when it has none. */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

const NO_ANSWER = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA', 'ESERVFAIL', 'EREFUSED', 'ENONAME']);

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), or the given DNS servers (A and AAAA queried). */
export function createHostResolver(dnsServers: readonly string[] | undefined, timeoutMs: number): HostResolver {
  if (!dnsServers || dnsServers.length === 0) {
    return async (host) => {
      const answers = await lookup(host, { all: true, verbatim: true }).catch(noAnswer);
      return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
    };
  }
  return async (host) => {
    const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
    resolver.setServers([...dnsServers]);
    const [v4, v6] = await Promise.all([
      resolver.resolve4(host).catch(noAnswer),
      resolver.resolve6(host).catch(noAnswer),
    ]);
    return [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
  };
}

function noAnswer(error: NodeJS.ErrnoException): never[] {
  if (error.code && NO_ANSWER.has(error.code)) return [];
  throw error;
}

/**
 * The addresses a connection to `target` may use. Every answer must be allowed: one private address
 * among public ones refuses the URL (a name that can point inside must not be trusted at all).
 * IPv4-mapped answers are unwrapped, so the connection goes to the IPv4 address that was checked.
 */
export async function resolveVetted(
  target: VettedUrl,
  resolve: HostResolver,
  allow: AllowList,
): Promise<ResolvedAddress[]> {
  if (target.literal !== undefined) return [{ address: target.literal, family: isIP(target.literal) === 6 ? 6 : 4 }];
  let answers: ResolvedAddress[];
  try {
    answers = await resolve(target.host);
  } catch (error) {
    throw new FetchRefusedError(
      'dns',
      target.url.href,
      `${target.host} did not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      { cause: error },
    );
  }
  if (answers.length === 0)
    throw new FetchRefusedError('dns', target.url.href, `${target.host} has no A or AAAA record`);
  const vetted = answers.map(({ address }) => {
    const unwrapped = unwrapMappedIPv4(address);
    return { address: unwrapped, family: isIP(unwrapped) === 6 ? (6 as const) : (4 as const) };
  });
  const refused = vetted.filter(({ address }) => !addressAllowed(address, allow, target.hostAllowed));
  if (refused.length > 0) {
    throw new FetchRefusedError(
      'private_address',
      target.url.href,
      `${target.host} resolves to non-public ${refused.map((a) => a.address).join(', ')}`,
    );
  }
  return vetted;
}
