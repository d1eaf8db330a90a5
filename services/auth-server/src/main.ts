import { loadConfigOrExit } from '@rankgate/contracts/config';
import { runService } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';

import { buildAuthServerApp } from './app.ts';
import { AuthServerEnvSchema } from './config.ts';
import { createAuthServerAdapters } from './dependencies.ts';

const config = loadConfigOrExit('auth-server', AuthServerEnvSchema);
const logger = createLogger({ service: 'auth-server', level: config.LOG_LEVEL });
const adapters = await createAuthServerAdapters(config, logger);
const app = await buildAuthServerApp({ config, logger, ...adapters });
await runService({
  app,
  service: 'auth-server',
  port: config.AUTH_SERVER_PORT,
  host: config.HOST,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  closeAfter: [adapters.close],
});
