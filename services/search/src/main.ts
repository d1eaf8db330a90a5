import { loadConfigOrExit } from '@rankgate/contracts/config';
import { runService } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';

import { buildSearchApp } from './app.ts';
import { SearchEnvSchema } from './config.ts';
import { createSearchAdapters } from './dependencies.ts';

const config = loadConfigOrExit('search', SearchEnvSchema);
const logger = createLogger({ service: 'search', level: config.LOG_LEVEL });
const adapters = await createSearchAdapters(config, logger);
const app = await buildSearchApp({ config, logger, ...adapters });
await runService({
  app,
  service: 'search',
  port: config.SEARCH_PORT,
  host: config.HOST,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  closeAfter: [adapters.close],
});
