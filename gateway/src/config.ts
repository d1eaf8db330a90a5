import { commonEnv, internalTokenField, portField, urlField } from '@rankgate/shared/config';
import { z } from 'zod';

/** The gateway's environment, parsed once at start (see docs/configuration.md). */
export const GatewayEnvSchema = z.object({
  ...commonEnv,
  PORT: portField(8080, 'Port of the public origin.'),
  INTERNAL_TOKEN: internalTokenField,
  SEARCH_SERVICE_URL: urlField('Where the search service listens.').default('http://127.0.0.1:8081'),
  AUTH_SERVICE_URL: urlField('Where the auth-server service listens.').default('http://127.0.0.1:8082'),
  MCP_SERVICE_URL: urlField('Where the mcp service listens.').default('http://127.0.0.1:8083'),
  OPERATOR_API_KEY: z.string().min(16, { error: 'must be at least 16 characters' }).optional()
    .describe('The shared operator API key, accepted as `Authorization: Bearer` or `X-API-Key` on /v1/search. Unset: no API-key access (`npm start` generates one and prints it).'),
  DEMO_MODE: z.enum(['enabled', 'disabled']).default('disabled')
    .describe('`enabled` publishes DEMO_API_KEY through /config.js for the same-origin website and accepts it on search and MCP, subject to the per-IP demo quota.'),
  DEMO_API_KEY: z.string().min(16, { error: 'must be at least 16 characters' }).optional()
    .describe('The public demo key (required when DEMO_MODE=enabled). Rotate it by changing this value and restarting the gateway.'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000)
    .describe('How long the gateway waits for a service\'s response headers before answering 504.'),
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).default(128)
    .describe('Keep-alive connections the gateway keeps open to each service.'),
}).superRefine((env, context) => {
  if (env.DEMO_MODE === 'enabled' && env.DEMO_API_KEY === undefined) {
    context.addIssue({ code: 'custom', path: ['DEMO_API_KEY'], message: 'is required when DEMO_MODE=enabled' });
  }
  if (env.DEMO_API_KEY !== undefined && env.DEMO_API_KEY === env.OPERATOR_API_KEY) {
    context.addIssue({ code: 'custom', path: ['DEMO_API_KEY'], message: 'must differ from OPERATOR_API_KEY (the demo key is published)' });
  }
});

export type GatewayConfig = z.output<typeof GatewayEnvSchema>;
