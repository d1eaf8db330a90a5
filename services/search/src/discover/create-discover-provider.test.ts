import { describe, expect, it } from 'vitest';

import { createDiscoverProvider, DISCOVER_PROVIDERS } from './create-discover-provider.ts';
import { ProviderNotConfiguredError } from './discover-errors.ts';
import type { DiscoverProvider } from './discover-provider.ts';

const options = { maxCandidates: 5, signal: new AbortController().signal };

describe('createDiscoverProvider', () => {
  it('builds the adapter named by `provider`', () => {
    for (const provider of DISCOVER_PROVIDERS.filter((name) => name !== 'local')) {
      expect(createDiscoverProvider({ provider }).name).toBe(provider);
    }
  });

  it('builds keyed adapters without keys, which then name their setting on each call', async () => {
    const expected = {
      brave: 'BRAVE_API_KEY',
      tavily: 'TAVILY_API_KEY',
      exa: 'EXA_API_KEY',
      serper: 'SERPER_API_KEY',
      searxng: 'SEARXNG_URL',
    } as const;
    for (const [provider, setting] of Object.entries(expected)) {
      const adapter = createDiscoverProvider({ provider: provider as keyof typeof expected });
      const error = await adapter.discover('tides', options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderNotConfiguredError);
      expect(error).toMatchObject({ provider, setting });
    }
  });

  it('returns the given local provider, and refuses `local` without one', () => {
    const local: DiscoverProvider = { name: 'local', discover: async () => [] };
    expect(createDiscoverProvider({ provider: 'local', local })).toBe(local);
    expect(() => createDiscoverProvider({ provider: 'local' })).toThrow(/settings\.local/);
  });

  it('lists every provider the config accepts', () => {
    expect([...DISCOVER_PROVIDERS].sort()).toEqual([
      'brave',
      'exa',
      'local',
      'searxng',
      'serper',
      'tavily',
      'wikipedia',
    ]);
  });
});
