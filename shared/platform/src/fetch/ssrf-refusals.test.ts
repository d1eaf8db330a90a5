/**
 * Every case of the SSRF checklist (standards.md §6) is refused with its reason, and a canary server
 * listening on 127.0.0.1 proves that no refused request reached it. Names resolve through a DNS
 * server on 127.0.0.1, so no test query leaves the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FetchRefusalReason } from './fetch-errors.ts';
import { FetchRefusedError } from './fetch-errors.ts';
import type { FetchPolicy } from './fetch-policy.ts';
import type { SafeFetcher } from './safe-fetcher.ts';
import { createSafeFetcher } from './safe-fetcher.ts';
import type { FakeDns } from '../testing/fetch/fake-dns.ts';
import { startFakeDns } from '../testing/fetch/fake-dns.ts';
import type { PageServer } from '../testing/fetch/page-server.ts';
import { startPageServer } from '../testing/fetch/page-server.ts';

const basePolicy: FetchPolicy = {
  userAgent: 'Rankgate-test/1',
  connectTimeoutMs: 1_000,
  totalTimeoutMs: 3_000,
  maxBytes: 100_000,
  maxDecompressedBytes: 400_000,
  maxRedirects: 5,
  perHostConcurrency: 2,
};

const DNS: Record<string, { A?: string[]; AAAA?: string[] }> = {
  'internal.test': { A: ['10.0.0.1'] },
  'mixed.test': { A: ['93.184.215.14', '127.0.0.1'] },
  'mapped.test': { AAAA: ['::ffff:127.0.0.1'] },
  'loopback6.test': { AAAA: ['::1'] },
  'metadata.google.internal': { A: ['169.254.169.254'] },
  'cgnat.test': { A: ['100.64.0.1'] },
  'redirector.test': { A: ['127.0.0.1'] },
};

let canary: PageServer;
let redirector: PageServer;
let dns: FakeDns;
/** Production policy (no allow-list) with the canary's port allowed, so the address check is what refuses. */
let fetcher: SafeFetcher;
/** Only `redirector.test` may be private: a "public" host for the redirect case. */
let viaRedirector: SafeFetcher;

beforeAll(async () => {
  canary = await startPageServer({ '/': (_req, res) => res.end('canary reached') });
  redirector = await startPageServer({
    '/to-loopback': (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${canary.port}/` });
      res.end();
    },
    '/to-metadata': (_req, res) => {
      res.writeHead(301, { location: `http://169.254.169.254:${canary.port}/latest/meta-data/` });
      res.end();
    },
    '/to-file': (_req, res) => {
      res.writeHead(307, { location: 'file:///etc/passwd' });
      res.end();
    },
  });
  dns = await startFakeDns((name, type) => (name in DNS ? (DNS[name]?.[type] ?? []) : undefined));
  const ports = [80, 443, canary.port];
  fetcher = createSafeFetcher({ ...basePolicy, allowedPorts: ports, dnsServers: [dns.server] });
  viaRedirector = createSafeFetcher({
    ...basePolicy,
    allowedPorts: [...ports, redirector.port],
    dnsServers: [dns.server],
    testAllowList: ['redirector.test'],
  });
});
afterAll(async () => {
  await Promise.all([fetcher?.close(), viaRedirector?.close(), canary?.close(), redirector?.close(), dns?.close()]);
});

async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return error as FetchRefusedError;
}

describe('the safe fetcher refuses every SSRF case, and the canary sees no connection', () => {
  const port = () => canary.port;
  const cases: [string, () => string, FetchRefusalReason][] = [
    ['loopback literal', () => `http://127.0.0.1:${port()}/`, 'private_address'],
    ['IPv6 loopback', () => `http://[::1]:${port()}/`, 'private_address'],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port()}/`, 'private_address'],
    ['decimal dword', () => `http://2130706433:${port()}/`, 'private_address'],
    ['hex shorthand', () => `http://0x7f.1:${port()}/`, 'private_address'],
    ['octal', () => `http://0177.0.0.1:${port()}/`, 'private_address'],
    ['short form', () => `http://127.1:${port()}/`, 'private_address'],
    ['unspecified 0.0.0.0 (reaches the local host on Linux)', () => `http://0.0.0.0:${port()}/`, 'private_address'],
    ['cloud metadata literal', () => `http://169.254.169.254:${port()}/latest/meta-data/`, 'private_address'],
    ['metadata.google.internal', () => `http://metadata.google.internal:${port()}/`, 'private_address'],
    ['RFC 1918 10/8', () => `http://10.0.0.1:${port()}/`, 'private_address'],
    ['RFC 1918 172.16/12', () => `http://172.16.5.4:${port()}/`, 'private_address'],
    ['RFC 1918 192.168/16', () => `http://192.168.1.1:${port()}/`, 'private_address'],
    ['carrier-grade NAT', () => `http://100.64.0.1:${port()}/`, 'private_address'],
    ['unique local IPv6', () => `http://[fc00::1]:${port()}/`, 'private_address'],
    ['link-local IPv6', () => `http://[fe80::1]:${port()}/`, 'private_address'],
    ['multicast', () => `http://224.0.0.1:${port()}/`, 'private_address'],
    ['name resolving to a private address', () => `http://internal.test:${port()}/`, 'private_address'],
    ['name with one private answer among public ones', () => `http://mixed.test:${port()}/`, 'private_address'],
    ['name resolving to an IPv4-mapped loopback (AAAA)', () => `http://mapped.test:${port()}/`, 'private_address'],
    ['name resolving to ::1', () => `http://loopback6.test:${port()}/`, 'private_address'],
    ['name resolving into CGNAT', () => `http://cgnat.test:${port()}/`, 'private_address'],
    ['localhost', () => `http://localhost:${port()}/`, 'private_address'],
    ['a name under .localhost', () => `http://api.localhost.:${port()}/`, 'private_address'],
    ['unknown name', () => `http://nowhere.test:${port()}/`, 'dns'],
    ['file:', () => 'file:///etc/passwd', 'scheme'],
    ['gopher:', () => `gopher://127.0.0.1:${port()}/_PING`, 'scheme'],
    ['ftp:', () => `ftp://127.0.0.1:${port()}/`, 'scheme'],
    ['data:', () => 'data:text/html,<h1>hi</h1>', 'scheme'],
    ['userinfo', () => `http://user:pass@127.0.0.1:${port()}/`, 'userinfo'],
    ['user name only', () => 'https://user@example.org/', 'userinfo'],
    ['port 22', () => 'http://127.0.0.1:22/', 'port'],
    ['port 6379 (Redis)', () => 'http://127.0.0.1:6379/', 'port'],
    ['not a URL', () => 'http//missing-colon', 'invalid_url'],
  ];

  it.each(cases)('%s', async (_name, url, reason) => {
    const before = canary.connections();
    const error = await refusal(fetcher.fetch(url()));
    expect(error.reason).toBe(reason);
    expect(error.url).toBeTruthy();
    expect(canary.connections()).toBe(before);
  });

  it('refuses a redirect from a public host to 127.0.0.1, at the hop', async () => {
    const error = await refusal(viaRedirector.fetch(`http://redirector.test:${redirector.port}/to-loopback`));
    expect(error).toMatchObject({ reason: 'private_address', url: `http://127.0.0.1:${canary.port}/` });
    expect(redirector.seen.map((s) => s.path)).toContain('/to-loopback');
  });

  it('refuses a redirect to the metadata address and to file:', async () => {
    expect((await refusal(viaRedirector.fetch(`http://redirector.test:${redirector.port}/to-metadata`))).reason).toBe(
      'private_address',
    );
    expect((await refusal(viaRedirector.fetch(`http://redirector.test:${redirector.port}/to-file`))).reason).toBe(
      'scheme',
    );
  });

  it('never connected to the canary', () => {
    expect(canary.connections()).toBe(0);
    expect(canary.seen).toEqual([]);
  });
});

describe('DNS rebinding', () => {
  let real: PageServer;
  let rebindCanary: PageServer;
  let rebindDns: FakeDns;
  let rebinding: SafeFetcher;

  beforeAll(async () => {
    real = await startPageServer({ '/': (_req, res) => res.end('the vetted address') });
    // Same port on 127.0.0.2 (loopback too): where a second lookup of the name would now point.
    rebindCanary = await startPageServer(
      { '/': (_req, res) => res.end('rebound') },
      { host: '127.0.0.2', port: real.port },
    );
    rebindDns = await startFakeDns((name, type, nth) => {
      if (name !== 'rebind.test') return undefined;
      if (type === 'AAAA') return [];
      return nth === 1 ? ['127.0.0.1'] : ['127.0.0.2'];
    });
    // 127.0.0.1 stands in for the public first answer; 127.0.0.2 for the internal one.
    rebinding = createSafeFetcher({
      ...basePolicy,
      allowedPorts: [real.port],
      dnsServers: [rebindDns.server],
      testAllowList: ['127.0.0.1'],
    });
  });
  afterAll(async () => {
    await Promise.all([rebinding?.close(), real?.close(), rebindCanary?.close(), rebindDns?.close()]);
  });

  it('connects to the address it vetted, resolving once, so a TTL-0 answer change cannot switch it', async () => {
    const page = await rebinding.fetch(`http://rebind.test:${real.port}/`);
    expect(page.body.toString()).toBe('the vetted address');
    expect(real.seen[0]?.headers.host).toBe(`rebind.test:${real.port}`);
    expect(rebindDns.queries('rebind.test')).toBe(2); // one A, one AAAA
    expect(rebindCanary.connections()).toBe(0);
  });

  it('vets the next lookup again: the rebound answer is refused', async () => {
    const error = await refusal(rebinding.fetch(`http://rebind.test:${real.port}/`));
    expect(error.reason).toBe('private_address');
    expect(error.message).toContain('127.0.0.2');
    expect(rebindCanary.connections()).toBe(0);
  });
});
