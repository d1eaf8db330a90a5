import { commonEnv, internalTokenField, portField, redisUrlField } from '@rankgate/shared/config';
import { z } from 'zod';

/** The mcp service's environment, parsed once at start (see docs/configuration.md). */
export const McpEnvSchema = z.object({
  ...commonEnv,
  MCP_PORT: portField(8083, 'Port of the mcp service (internal).'),
  INTERNAL_TOKEN: internalTokenField,
  REDIS_URL: redisUrlField,
});

export type McpConfig = z.output<typeof McpEnvSchema>;
