import { loadConfigOrExit } from '@rankgate/shared/config';
import { runService } from '@rankgate/shared/http';
import { createLogger } from '@rankgate/shared/logger';

import { buildAuthServerApp } from './app.ts';
import { AuthServerEnvSchema } from './config.ts';
import { createAuthServerAdapters } from './dependencies.ts';

const config = loadConfigOrExit('auth-server', AuthServerEnvSchema);
const logger = createLogger({ service: 'auth-server', level: config.LOG_LEVEL });
const adapters = await createAuthServerAdapters(config, logger);
const app = await buildAuthServerApp({ config, logger, ...adapters });
await runService({
  app, service: 'auth-server', port: config.AUTH_SERVER_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  closeAfter: [adapters.close],
});
