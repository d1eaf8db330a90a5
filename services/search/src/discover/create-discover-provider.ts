/**
 * Picks the discover adapter named in config. Building one never fails for a missing key or URL:
 * the service must start without them, and the adapter then answers each call with
 * `ProviderNotConfiguredError` naming the setting (503 to the agent).
 */
import { createBraveProvider } from './brave-provider.ts';
import type { DiscoverProvider } from './discover-provider.ts';
import { createExaProvider } from './exa-provider.ts';
import { createSearxngProvider } from './searxng-provider.ts';
import { createSerperProvider } from './serper-provider.ts';
import { createTavilyProvider } from './tavily-provider.ts';
import { createWikipediaProvider } from './wikipedia-provider.ts';

/** Every provider name `DISCOVER_PROVIDER` accepts, for the config schema. */
export const DISCOVER_PROVIDERS = ['wikipedia', 'brave', 'tavily', 'exa', 'serper', 'searxng', 'local'] as const;

type DiscoverProviderName = (typeof DISCOVER_PROVIDERS)[number];

/** Plain settings, filled by the service from its environment (shared/ reads no env itself). */
export interface DiscoverSettings {
  provider: DiscoverProviderName;
  /** `BRAVE_API_KEY`, `TAVILY_API_KEY`, `EXA_API_KEY`, `SERPER_API_KEY`. */
  keys?: { brave?: string; tavily?: string; exa?: string; serper?: string };
  /** `WIKIPEDIA_BASE_URL`, `BRAVE_BASE_URL`, …; each adapter has the public API as its default. */
  baseUrls?: { wikipedia?: string; brave?: string; tavily?: string; exa?: string; serper?: string };
  /** `SEARXNG_URL`: the instance; required by `searxng`, which has no public default. */
  searxngUrl?: string;
  /** `DISCOVER_TIMEOUT_MS`: one discover call, all pages (default 8000). */
  timeoutMs?: number;
  /** User-Agent for every upstream (default `rankgateUserAgent()`). */
  userAgent?: string;
  /** The `local` provider, built by the caller (it owns an index on disk). */
  local?: DiscoverProvider;
}

/**
 * The adapter for `settings.provider`.
 * @throws Error when `provider` is `local` and no `local` provider is given (a wiring mistake, not config).
 */
export function createDiscoverProvider(settings: DiscoverSettings): DiscoverProvider {
  const { keys = {}, baseUrls = {}, timeoutMs, userAgent } = settings;
  const common = { timeoutMs, userAgent };
  switch (settings.provider) {
    case 'wikipedia':
      return createWikipediaProvider({ ...common, baseUrl: baseUrls.wikipedia });
    case 'brave':
      return createBraveProvider({ ...common, apiKey: keys.brave, baseUrl: baseUrls.brave });
    case 'tavily':
      return createTavilyProvider({ ...common, apiKey: keys.tavily, baseUrl: baseUrls.tavily });
    case 'exa':
      return createExaProvider({ ...common, apiKey: keys.exa, baseUrl: baseUrls.exa });
    case 'serper':
      return createSerperProvider({ ...common, apiKey: keys.serper, baseUrl: baseUrls.serper });
    case 'searxng':
      return createSearxngProvider({ ...common, baseUrl: settings.searxngUrl });
    case 'local':
      if (!settings.local)
        throw new Error('createDiscoverProvider: provider "local" needs settings.local (the local index provider).');
      return settings.local;
    default: {
      const unknown: never = settings.provider;
      throw new Error(`createDiscoverProvider: unknown provider ${JSON.stringify(unknown)}.`);
    }
  }
}
