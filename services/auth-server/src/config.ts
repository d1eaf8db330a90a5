import { commonEnv, internalTokenField, portField, redisUrlField } from '@rankgate/shared/config';
import { z } from 'zod';

/** The auth-server service's environment, parsed once at start (see docs/configuration.md). */
export const AuthServerEnvSchema = z.object({
  ...commonEnv,
  AUTH_SERVER_PORT: portField(8082, 'Port of the auth-server service (internal).'),
  INTERNAL_TOKEN: internalTokenField,
  REDIS_URL: redisUrlField,
});

export type AuthServerConfig = z.output<typeof AuthServerEnvSchema>;
