import type { GatewayConfig } from './config.ts';
import { GatewayEnvSchema } from './config.ts';

/** A gateway configuration for tests: the real schema's defaults plus the given environment. */
export function testGatewayConfig(env: Record<string, string>): GatewayConfig {
  return GatewayEnvSchema.parse({ INTERNAL_TOKEN: 'i'.repeat(48), BASE_URL: 'https://rankgate.test', ...env });
}
