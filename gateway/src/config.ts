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
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000)
    .describe('How long the gateway waits for a service\'s response headers before answering 504.'),
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).default(128)
    .describe('Keep-alive connections the gateway keeps open to each service.'),
  DEMO_MODE: z.enum(['enabled', 'disabled']).default('disabled')
    .describe('`enabled`: the website at / searches with the public demo key (published in /config.js); `disabled`: it asks the visitor for an API key.'),
  DEMO_API_KEY: z.string().min(16, { error: 'must be at least 16 characters' }).optional()
    .describe('The public demo key the website uses when DEMO_MODE=enabled (required then). It is published to every visitor: never reuse a secret here.'),
}).superRefine((env, context) => {
  // A public key is only needed when the website publishes one.
  if (env.DEMO_MODE === 'enabled' && env.DEMO_API_KEY === undefined) {
    context.addIssue({ code: 'custom', path: ['DEMO_API_KEY'], message: 'is required when DEMO_MODE=enabled (at least 16 characters)' });
  }
});

export type GatewayConfig = z.output<typeof GatewayEnvSchema>;
