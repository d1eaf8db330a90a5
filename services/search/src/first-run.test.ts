/**
 * What a newcomer meets on a first run: a provider chosen without its key is named at start, and a
 * provider this machine cannot reach answers with its cause and a hint that names the way out.
 */
import { createDiscoverProvider, networkCause } from './discover/index.ts';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

import { SearchEnvSchema } from './config.ts';
import { discoverProblem } from './domain/discover-problem.ts';
import { missingProviderSettings } from './provider-settings.ts';

/** A loopback port nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const config = (env: Record<string, string>) => SearchEnvSchema.parse({ INTERNAL_TOKEN: 'i'.repeat(48), ...env });

describe('a provider chosen without its setting', () => {
  it('is a start-up warning naming the setting and the keyless alternatives', () => {
    expect(missingProviderSettings(config({ DISCOVER_PROVIDER: 'brave' }))).toEqual([
      'DISCOVER_PROVIDER=brave but BRAVE_API_KEY is not set: every search answers 503 until it is. ' +
        'Set it, or use DISCOVER_PROVIDER=wikipedia (keyless) or DISCOVER_PROVIDER=local with LOCAL_CORPUS.',
    ]);
    expect(missingProviderSettings(config({ DISCOVER_PROVIDER: 'searxng' }))[0]).toContain('SEARXNG_URL is not set');
    expect(missingProviderSettings(config({ DISCOVER_PROVIDER: 'brave', BRAVE_API_KEY: 'key' }))).toEqual([]);
    expect(missingProviderSettings(config({}))).toEqual([]);
    expect(missingProviderSettings(config({ DISCOVER_PROVIDER: 'wikipedia,exa' }))).toEqual([
      expect.stringContaining('EXA_API_KEY is not set: exa fails on every search until it is'),
    ]);
  });
});

describe('a provider that cannot be reached', () => {
  it('answers 502 with the cause (connection refused) and a hint naming DISCOVER_PROVIDER and the local corpus', async () => {
    const provider = createDiscoverProvider({
      provider: 'wikipedia',
      baseUrls: { wikipedia: `http://127.0.0.1:${await closedPort()}` },
      timeoutMs: 2_000,
    });
    const error = await provider.discover('tides', { maxCandidates: 5, signal: AbortSignal.timeout(5_000) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const problem = discoverProblem(error);
    expect(problem.status).toBe(502);
    expect(problem.message).toBe(
      'The wikipedia discover provider failed: could not be reached (connection refused, ECONNREFUSED).',
    );
    expect(problem.hint).toMatch(/DISCOVER_PROVIDER=local with LOCAL_CORPUS/);
    expect(problem.hint).toContain('DISCOVER_PROVIDER');
  });

  it('names a DNS failure as one, from the code fetch keeps in its cause chain', () => {
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND en.wikipedia.org'), { code: 'ENOTFOUND' });
    expect(networkCause(new TypeError('fetch failed', { cause: dns }))).toBe('DNS lookup failed, ENOTFOUND');
    expect(networkCause(new TypeError('fetch failed'))).toBe('network error');
  });
});
