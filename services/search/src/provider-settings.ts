import type { SearchConfig } from './config.ts';

/** The setting each provider cannot work without (wikipedia needs none; local reports its own at start). */
const REQUIRED_SETTING = {
  brave: 'BRAVE_API_KEY', tavily: 'TAVILY_API_KEY', exa: 'EXA_API_KEY', serper: 'SERPER_API_KEY', searxng: 'SEARXNG_URL',
} as const satisfies Partial<Record<SearchConfig['DISCOVER_PROVIDER'], keyof SearchConfig>>;

/**
 * The start-up warning for a provider chosen without its key or URL, or undefined when it has
 * what it needs. Without it every search answers 503; saying so at start saves a first failed call.
 */
export function missingProviderSetting(config: SearchConfig): string | undefined {
  const provider = config.DISCOVER_PROVIDER;
  if (!(provider in REQUIRED_SETTING)) return undefined;
  const setting = REQUIRED_SETTING[provider as keyof typeof REQUIRED_SETTING];
  if (String(config[setting] ?? '').trim()) return undefined;
  return `DISCOVER_PROVIDER=${provider} but ${setting} is not set: every search answers 503 until it is. `
    + 'Set it, or use DISCOVER_PROVIDER=wikipedia (keyless) or DISCOVER_PROVIDER=local with LOCAL_CORPUS.';
}
