import { loadConfigOrExit } from '@rankgate/shared/config';
import { runService } from '@rankgate/shared/http';
import { createLogger } from '@rankgate/shared/logger';

import { buildGatewayApp } from './app.ts';
import { GatewayEnvSchema } from './config.ts';
import { createGatewayAdapters } from './dependencies.ts';

const config = loadConfigOrExit('gateway', GatewayEnvSchema);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const adapters = createGatewayAdapters(config, logger);
const app = await buildGatewayApp({ config, logger, policyStore: adapters.policyStore });
await runService({
  app, service: 'gateway', port: config.PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  closeAfter: [adapters.close],
});
