import {
  commonEnv,
  internalTokenField,
  portField,
  redisKeyPrefixField,
  redisUrlField,
  urlField,
} from '@rankgate/contracts/config';
import { DISCOVER_PROVIDERS } from './discover/index.ts';
import { judgeEnv, refineJudgeEnv } from '@rankgate/ranking';
import { SCREENING_MEMO_ENTRIES } from '@rankgate/ranking/screening';
import { z } from 'zod';

import { DISCOVER_STRATEGIES } from './discover/discover-sources.ts';

/** `brave,searxng` → ['brave', 'searxng']: known names, each once. */
const providerList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  )
  .pipe(
    z
      .array(z.enum(DISCOVER_PROVIDERS, { error: `must be one of ${DISCOVER_PROVIDERS.join(', ')}` }))
      .min(1, { error: 'must name at least one provider' })
      .refine((names) => new Set(names).size === names.length, { error: 'names a provider twice' }),
  );

const secret = (what: string) => z.string().min(1).optional().describe(what);

/** The search service's environment, parsed once at start (see docs/configuration.md). */
export const SearchEnvSchema = z
  .object({
    ...commonEnv,
    SEARCH_PORT: portField(8081, 'Port of the search service (internal).'),
    INTERNAL_TOKEN: internalTokenField,
    REDIS_URL: redisUrlField,
    REDIS_KEY_PREFIX: redisKeyPrefixField,
    DISCOVER_PROVIDER: providerList
      .default(['wikipedia'])
      .describe(
        'Stage-1 discover provider, or a comma-separated list (`brave,searxng,wikipedia`) fused by reciprocal rank. `wikipedia` needs no key.',
      ),
    DISCOVER_STRATEGY: z
      .enum(DISCOVER_STRATEGIES)
      .default('parallel')
      .describe(
        'With several providers: `parallel` asks all at once and fuses their results; `fallback` asks them in order until one has results.',
      ),
    DISCOVER_BREAKER_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(3)
      .describe(
        'With several providers: failures in a row (errors, timeouts) after which a provider is put on a cool-down; a 429 does it at once.',
      ),
    DISCOVER_BREAKER_COOLDOWN_S: z.coerce
      .number()
      .int()
      .min(1)
      .max(3600)
      .default(30)
      .describe(
        "How long a failing provider is left alone before one call probes it (a 429's Retry-After takes precedence).",
      ),
    BRAVE_API_KEY: secret('Brave Search API key (provider `brave`).'),
    TAVILY_API_KEY: secret('Tavily API key (provider `tavily`).'),
    EXA_API_KEY: secret('Exa API key (provider `exa`).'),
    SERPER_API_KEY: secret('Serper API key (provider `serper`).'),
    SEARXNG_URL: urlField('SearXNG instance with the JSON format enabled (provider `searxng`).').optional(),
    WIKIPEDIA_BASE_URL: urlField('Wikipedia (MediaWiki) origin.').default('https://en.wikipedia.org'),
    BRAVE_BASE_URL: urlField('Brave Search API origin (proxies, tests).').default('https://api.search.brave.com'),
    TAVILY_BASE_URL: urlField('Tavily API origin.').default('https://api.tavily.com'),
    EXA_BASE_URL: urlField('Exa API origin.').default('https://api.exa.ai'),
    SERPER_BASE_URL: urlField('Serper API origin.').default('https://google.serper.dev'),
    LOCAL_CORPUS: z
      .string()
      .min(1)
      .optional()
      .describe('Provider `local`: a BEIR corpus.jsonl or a folder of Markdown, HTML and text files.'),
    LOCAL_INDEX_PATH: z
      .string()
      .min(1)
      .default('.rankgate/local-index.sqlite')
      .describe(
        'Provider `local`: the index file written by `npm run index` (relative paths are from the working directory).',
      ),
    LOCAL_BASE_URL: urlField(
      'Provider `local`: public URL prefix for documents of a folder corpus (else `file://` URLs).',
    ).optional(),
    DISCOVER_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(8000)
      .describe('Timeout of one discover call to the provider (504 after it).'),
    DISCOVER_CACHE_TTL_S: z.coerce
      .number()
      .int()
      .min(1)
      .default(300)
      .describe('How long discover payloads stay cached (seconds). nocache=true forces a miss.'),
    SCREENING_MEMO_ENTRIES: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(SCREENING_MEMO_ENTRIES)
      .describe(
        'Injection screening verdicts remembered per process, by result text (a few hundred bytes each; 0 screens every result every time). A discover-cache hit then re-ranks without screening again.',
      ),
    ...judgeEnv,
    JUDGE_TOP_N: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(30)
      .describe('Cascade stage B: how many stage-A survivors the judge sees.'),
    DEEP_MAX_PAGES: z.coerce
      .number()
      .int()
      .min(1)
      .max(12)
      .default(12)
      .describe('Deep mode (stage C): pages read per request, the best stage-B survivors; the spec caps it at 12.'),
    DEEP_DEADLINE_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(60_000)
      .default(15_000)
      .describe(
        "Deep mode: the request answers within this many ms of its arrival; pages not read by then keep snippet-level scores and say so. Keep it below the gateway's UPSTREAM_TIMEOUT_MS.",
      ),
    DEEP_JOB_ATTEMPTS: z.coerce
      .number()
      .int()
      .min(1)
      .max(5)
      .default(3)
      .describe(
        'Deep mode: tries per page job when a fetch fails transiently (connection error, 5xx, 429), within the deadline.',
      ),
  })
  .superRefine((env, ctx) => {
    refineJudgeEnv(env, ctx);
  });

export type SearchConfig = z.output<typeof SearchEnvSchema>;
