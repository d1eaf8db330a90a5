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
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional()
    .describe('Port of the gateway\'s metrics listener (`GET /metrics` on HOST, Bearer METRICS_TOKEN or INTERNAL_TOKEN). Unset: no metrics listener. Never publish it: the public port has no /metrics.'),
});

export type GatewayConfig = z.output<typeof GatewayEnvSchema>;
