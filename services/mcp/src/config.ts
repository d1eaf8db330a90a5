import {
  commonEnv,
  internalTokenField,
  portField,
  redisKeyPrefixField,
  redisUrlField,
  refineSearchPolicy,
  searchPolicyEnv,
  urlField,
} from '@rankgate/contracts/config';
import { z } from 'zod';

/** `https://a.example, http://127.0.0.1:3000` → normalised origins (scheme://host[:port]). */
const originList = z.string().transform((value, ctx) => {
  const origins: string[] = [];
  for (const item of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      const url = new URL(item);
      if (url.origin === 'null') throw new Error('opaque');
      origins.push(url.origin);
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin such as https://app.example.com` });
    }
  }
  return origins;
});

/** The mcp service's environment, parsed once at start (see docs/configuration.md). */
export const McpEnvSchema = z
  .object({
    ...commonEnv,
    MCP_PORT: portField(8083, 'Port of the mcp service (internal).'),
    INTERNAL_TOKEN: internalTokenField,
    REDIS_URL: redisUrlField.describe(
      "Redis for the burst limiter and the demo quota `search_web` charges (the gateway's policy store) when no REST store is set. Neither set: the limits are off, as at the gateway.",
    ),
    REDIS_KEY_PREFIX: redisKeyPrefixField,
    ...searchPolicyEnv,
    SEARCH_SERVICE_URL: urlField(
      'Where the mcp service reaches the search service: `search_web` calls its `/v1/search` directly, after the gateway authenticated the caller and the tool charged the shared limits.',
    ).default('http://127.0.0.1:8081'),
    GATEWAY_URL: urlField(
      'Where the mcp service reaches the gateway (internal address): `search_sandbox` and `service_info` read its public `/v1/sandbox` and `/health`.',
    ).default('http://127.0.0.1:8080'),
    GATEWAY_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(25_000)
      .describe(
        "How long a tool waits for the search service or the gateway. Keep it below the gateway's `UPSTREAM_TIMEOUT_MS`, so an agent gets a tool error instead of a failed hop.",
      ),
    MCP_ALLOWED_ORIGINS: originList
      .optional()
      .describe(
        'Comma-separated browser origins allowed to call /mcp (a request with another `Origin` gets 403; requests without `Origin` are allowed). Unset: the origin of `BASE_URL` (with its loopback aliases on the same port when it is a loopback address).',
      ),
    MCP_PROGRESS_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(5000)
      .describe(
        'While a tool call runs and the client asked for progress, how often a `notifications/progress` heartbeat is sent.',
      ),
  })
  .superRefine(refineSearchPolicy);

export type McpConfig = z.output<typeof McpEnvSchema>;

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The origins /mcp accepts: the configured list, else the public origin itself. A loopback
 * origin also accepts its loopback aliases on the same port: a browser at http://localhost:8787
 * reaches the same local server as http://127.0.0.1:8787, and no DNS rebinding can produce them.
 */
export function allowedOrigins(config: Pick<McpConfig, 'BASE_URL' | 'MCP_ALLOWED_ORIGINS'>): string[] {
  if (config.MCP_ALLOWED_ORIGINS && config.MCP_ALLOWED_ORIGINS.length > 0) return config.MCP_ALLOWED_ORIGINS;
  const base = new URL(config.BASE_URL);
  if (!LOOPBACK_HOSTS.includes(base.hostname)) return [base.origin];
  return LOOPBACK_HOSTS.map((host) => new URL(`${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`).origin);
}
