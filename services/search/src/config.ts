import { commonEnv, internalTokenField, portField, redisUrlField } from '@rankgate/shared/config';
import { z } from 'zod';

/** The search service's environment, parsed once at start (see docs/configuration.md). */
export const SearchEnvSchema = z.object({
  ...commonEnv,
  SEARCH_PORT: portField(8081, 'Port of the search service (internal).'),
  INTERNAL_TOKEN: internalTokenField,
  REDIS_URL: redisUrlField,
});

export type SearchConfig = z.output<typeof SearchEnvSchema>;
