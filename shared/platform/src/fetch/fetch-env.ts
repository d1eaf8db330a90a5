import { z } from 'zod';

import { SERVICE_VERSION } from '../version.ts';
import type { FetchPolicy } from './fetch-policy.ts';

const commaList = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

const portList = z.preprocess(
  (value) => (Array.isArray(commaList(value)) ? (commaList(value) as string[]).map(Number) : value),
  z.array(z.number().int().min(1).max(65_535), { error: 'must be a comma-separated list of ports (1-65535)' }).min(1),
);

/**
 * The safe fetcher's settings, for every service that fetches URLs nobody vetted (the
 * ranking-worker's deep-mode pages, the auth server's client metadata documents). Spread into a
 * service's env schema and call {@link refineFetchEnv} from its superRefine.
 */
export const fetchEnv = {
  FETCH_USER_AGENT: z
    .string()
    .min(1)
    .regex(/^[^\r\n]+$/, { error: 'must be one line' })
    .optional()
    .describe('User-Agent of page fetches. Default `Rankgate/<version> (+<BASE_URL>/docs/deep-mode.md)`.'),
  FETCH_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(3_000)
    .describe('Time to open the connection (TCP and TLS) of one fetch hop.'),
  FETCH_TOTAL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe('Time for a whole fetch: per-host queueing, redirects and the body.'),
  FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(100 * 1024 * 1024)
    .default(2 * 1024 * 1024)
    .describe('Cap on a fetched body as sent (compressed), counted while streaming.'),
  FETCH_MAX_DECOMPRESSED_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(400 * 1024 * 1024)
    .default(8 * 1024 * 1024)
    .describe('Cap on a fetched body after decompression (zip bombs).'),
  FETCH_MAX_REDIRECTS: z.coerce
    .number()
    .int()
    .min(0)
    .max(5)
    .default(5)
    .describe('Redirects followed by hand (each hop checked again); at most 5.'),
  FETCH_PER_HOST_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .default(2)
    .describe('Fetches to one host at a time, per process; more wait within the total timeout.'),
  FETCH_ALLOWED_PORTS: portList.default([80, 443]).describe('Ports a fetched URL may name, comma-separated.'),
  FETCH_ALLOW_HOSTS: z
    .preprocess(commaList, z.array(z.string().min(1)))
    .optional()
    .describe(
      'TESTS ONLY: host names or IPs the fetcher may reach although they are not public (e.g. 127.0.0.1). Refused when NODE_ENV=production.',
    ),
  FETCH_DNS_SERVERS: z
    .preprocess(commaList, z.array(z.string().min(1)))
    .optional()
    .describe('DNS servers (host or host:port, comma-separated) for page fetches instead of the system resolver.'),
  NODE_ENV: z
    .string()
    .optional()
    .describe('`production` (the container image sets it) refuses test-only settings such as FETCH_ALLOW_HOSTS.'),
};

type FetchEnvFields = z.output<z.ZodObject<typeof fetchEnv>>;

/** The checks across fields: the test-only allow-list never in production. */
export function refineFetchEnv(
  env: Pick<FetchEnvFields, 'FETCH_ALLOW_HOSTS' | 'NODE_ENV'>,
  ctx: z.RefinementCtx,
): void {
  if (env.FETCH_ALLOW_HOSTS && env.FETCH_ALLOW_HOSTS.length > 0 && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['FETCH_ALLOW_HOSTS'],
      message: 'is for tests only and is refused when NODE_ENV=production',
    });
  }
}

/** The fetch policy a service's parsed config describes. */
export function fetchPolicyFromEnv(env: FetchEnvFields & { BASE_URL: string }): FetchPolicy {
  return {
    userAgent: env.FETCH_USER_AGENT ?? `Rankgate/${SERVICE_VERSION} (+${env.BASE_URL}/docs/deep-mode.md)`,
    connectTimeoutMs: env.FETCH_CONNECT_TIMEOUT_MS,
    totalTimeoutMs: env.FETCH_TOTAL_TIMEOUT_MS,
    maxBytes: env.FETCH_MAX_BYTES,
    maxDecompressedBytes: env.FETCH_MAX_DECOMPRESSED_BYTES,
    maxRedirects: env.FETCH_MAX_REDIRECTS,
    perHostConcurrency: env.FETCH_PER_HOST_CONCURRENCY,
    allowedPorts: env.FETCH_ALLOWED_PORTS,
    ...(env.FETCH_ALLOW_HOSTS && env.FETCH_ALLOW_HOSTS.length > 0 ? { testAllowList: env.FETCH_ALLOW_HOSTS } : {}),
    ...(env.FETCH_DNS_SERVERS ? { dnsServers: env.FETCH_DNS_SERVERS } : {}),
  };
}
