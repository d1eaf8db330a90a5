import { z } from 'zod';

/**
 * Building blocks of the per-service env schemas. The `.describe()` texts and defaults feed
 * docs/configuration.md, so each variable is documented where it is defined.
 */
export const portField = (fallback: number, what: string) =>
  z.coerce.number().int().min(0).max(65_535).default(fallback).describe(what);

export const urlField = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((u) => u.replace(/\/+$/, ''))
    .describe(what);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Variables every process reads. */
export const commonEnv = {
  HOST: z.string().default('127.0.0.1').describe('Address to bind. Containers set 0.0.0.0.'),
  BASE_URL: urlField('Public origin used in links, the OAuth issuer and problem `type` URIs.').default(
    'http://127.0.0.1:8080',
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info').describe('pino log level.'),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10_000)
    .describe('On SIGTERM, how long in-flight requests may take to finish before the process exits anyway.'),
  METRICS_TOKEN: z
    .string()
    .min(32, { error: 'must be at least 32 characters (generate one with `openssl rand -hex 32`)' })
    .optional()
    .describe(
      'Bearer token Prometheus sends to `GET /metrics`. Unset: the internal token. A separate token lets the scraper read metrics without being able to act as the gateway.',
    ),
};

/** The secret the gateway adds to every call to a service; services refuse calls without it. */
export const internalTokenField = z
  .string()
  .min(32, { error: 'must be at least 32 characters (generate one with `openssl rand -hex 32`)' })
  .describe(
    'Shared secret between the gateway and the services (at least 32 characters). Required in the split topology; `npm start` generates one.',
  );

/** Namespaces every Redis key, so several deployments (or test runs) can share one Redis. */
export const redisKeyPrefixField = z
  .string()
  .regex(/^[\w:.-]{1,64}$/, { error: 'must be 1-64 letters, digits, and _ : . -' })
  .default('rankgate:')
  .describe('Prefix of every Redis key this deployment writes.');

export const redisUrlField = z
  .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
  .optional()
  .describe('Redis for stores and the BullMQ queue. Unset: in-memory stores and the in-process queue.');

/** A variable holding JSON, validated by `schema` after parsing (the message says which part is wrong). */
export const jsonField = <S extends z.ZodType>(schema: S, what: string) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema)
    .describe(what);

/**
 * The search limits and their store: read by every process that charges them (the gateway for
 * REST, the MCP service for `search_web`), so both count the same allowance against the same keys.
 */
export const searchPolicyEnv = {
  DEMO_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .default(5)
    .describe(
      'Lifetime searches per client IP with the demo key (REST and MCP `search_web` together). 0 turns the quota off. Needs a policy store (RATE_LIMIT_REST_URL + RATE_LIMIT_REST_TOKEN, or REDIS_URL).',
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(60)
    .describe(
      'Burst limiter: searches admitted per client IP in any sliding 60-second window (REST search and MCP `search_web`). Active only with a policy store (RATE_LIMIT_REST_URL + RATE_LIMIT_REST_TOKEN, or REDIS_URL).',
    ),
  RATE_LIMIT_REST_URL: urlField(
    'Redis REST store (Upstash-compatible) for the burst limiter and the demo quota; used when RATE_LIMIT_REST_TOKEN is set too.',
  ).optional(),
  RATE_LIMIT_REST_TOKEN: z.string().min(1).optional().describe('Bearer token of the Redis REST store.'),
};

/** The two Redis REST settings come together or not at all. */
export function refineSearchPolicy(
  env: { RATE_LIMIT_REST_URL?: string | undefined; RATE_LIMIT_REST_TOKEN?: string | undefined },
  context: z.RefinementCtx,
): void {
  if ((env.RATE_LIMIT_REST_URL === undefined) !== (env.RATE_LIMIT_REST_TOKEN === undefined)) {
    context.addIssue({
      code: 'custom',
      path: [env.RATE_LIMIT_REST_URL === undefined ? 'RATE_LIMIT_REST_URL' : 'RATE_LIMIT_REST_TOKEN'],
      message: 'is required with the other Redis REST setting (set both or neither)',
    });
  }
}
