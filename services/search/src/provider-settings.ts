import type { SearchConfig } from './config.ts';

/** The setting each provider cannot work without (wikipedia needs none; local reports its own at start). */
const REQUIRED_SETTING = {
  brave: 'BRAVE_API_KEY',
  tavily: 'TAVILY_API_KEY',
  exa: 'EXA_API_KEY',
  serper: 'SERPER_API_KEY',
  searxng: 'SEARXNG_URL',
} as const satisfies Partial<Record<SearchConfig['DISCOVER_PROVIDER'][number], keyof SearchConfig>>;

/**
 * The start-up warnings for providers chosen without their key or URL (none when each has what it
 * needs). Without it a lone provider answers 503 on every search, and one of several fails on every
 * search; saying so at start saves a first failed call.
 */
export function missingProviderSettings(config: SearchConfig): string[] {
  const alone = config.DISCOVER_PROVIDER.length === 1;
  return config.DISCOVER_PROVIDER.flatMap((provider) => {
    if (!(provider in REQUIRED_SETTING)) return [];
    const setting = REQUIRED_SETTING[provider as keyof typeof REQUIRED_SETTING];
    if (String(config[setting] ?? '').trim()) return [];
    const effect = alone ? 'every search answers 503 until it is' : `${provider} fails on every search until it is`;
    return [
      `DISCOVER_PROVIDER=${config.DISCOVER_PROVIDER.join(',')} but ${setting} is not set: ${effect}. ` +
        'Set it, or use DISCOVER_PROVIDER=wikipedia (keyless) or DISCOVER_PROVIDER=local with LOCAL_CORPUS.',
    ];
  });
}
