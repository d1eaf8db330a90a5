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

import { RouteRetirementsField } from './policy/route-retirements.ts';

/** The gateway's environment, parsed once at start (see docs/configuration.md). */
export const GatewayEnvSchema = z
  .object({
    ...commonEnv,
    PORT: portField(8080, 'Port of the public origin.'),
    // The gateway relays deep searches, which may take up to DEEP_DEADLINE_MS (15 s by default), so
    // it drains for longer than the services behind it.
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(20_000)
      .describe(
        "On SIGTERM the gateway stops accepting and waits this long for requests in flight; keep it above the search service's DEEP_DEADLINE_MS so a deep search is never cut off by a restart.",
      ),
    INTERNAL_TOKEN: internalTokenField,
    SEARCH_SERVICE_URL: urlField('Where the search service listens.').default('http://127.0.0.1:8081'),
    AUTH_SERVICE_URL: urlField('Where the auth-server service listens.').default('http://127.0.0.1:8082'),
    MCP_SERVICE_URL: urlField('Where the mcp service listens.').default('http://127.0.0.1:8083'),
    OPERATOR_API_KEY: z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .optional()
      .describe(
        'The shared operator API key, accepted as `Authorization: Bearer` or `X-API-Key` on /v1/search. Unset: no API-key access (`npm start` generates one and prints it).',
      ),
    DEMO_MODE: z
      .enum(['enabled', 'disabled'])
      .default('disabled')
      .describe(
        '`enabled` publishes DEMO_API_KEY through /config.js for the same-origin website and accepts it on search and MCP, subject to the per-IP demo quota.',
      ),
    DEMO_API_KEY: z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .optional()
      .describe(
        'The public demo key (required when DEMO_MODE=enabled). Rotate it by changing this value and restarting the gateway.',
      ),
    ...searchPolicyEnv,
    REGISTRATION_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(0)
      .default(10)
      .describe(
        'Registration limit: `POST /agent/identity` and `POST /oauth2/register` admitted per client IP in any sliding 60-second window (together); more get 429 `rate_limited`. 0 turns it off. Active only with a policy store, like the burst limiter.',
      ),
    REDIS_URL: redisUrlField.describe(
      'Redis for the burst limiter and the demo quota when no REST store is set. Neither set: the limiter and the quota are off.',
    ),
    REDIS_KEY_PREFIX: redisKeyPrefixField,
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .describe(
        'Comma-separated addresses or CIDR ranges of reverse proxies whose `X-Forwarded-For` names the client (e.g. `10.0.0.0/8`). Empty: the socket address is the client.',
      ),
    ROUTE_RETIREMENTS: RouteRetirementsField,
    UPSTREAM_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(30_000)
      .describe("How long the gateway waits for a service's response headers before answering 504."),
    UPSTREAM_CONNECTIONS: z.coerce
      .number()
      .int()
      .min(1)
      .default(128)
      .describe('Keep-alive connections the gateway keeps open to each service.'),
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65_535)
      .optional()
      .describe(
        "Port of the gateway's metrics listener (`GET /metrics` on HOST, Bearer METRICS_TOKEN or INTERNAL_TOKEN). Unset: no metrics listener. Never publish it: the public port has no /metrics.",
      ),
  })
  .superRefine((env, context) => {
    if (env.DEMO_MODE === 'enabled' && env.DEMO_API_KEY === undefined) {
      context.addIssue({ code: 'custom', path: ['DEMO_API_KEY'], message: 'is required when DEMO_MODE=enabled' });
    }
    refineSearchPolicy(env, context);
    if (env.DEMO_API_KEY !== undefined && env.DEMO_API_KEY === env.OPERATOR_API_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['DEMO_API_KEY'],
        message: 'must differ from OPERATOR_API_KEY (the demo key is published)',
      });
    }
  });

export type GatewayConfig = z.output<typeof GatewayEnvSchema>;
