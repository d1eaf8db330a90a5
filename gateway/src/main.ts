import { loadConfigOrExit } from '@rankgate/contracts/config';
import { createMetricsApp, listenOrExit, runService } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';
import { createAppMetrics } from '@rankgate/platform/metrics';

import { buildGatewayApp } from './app.ts';
import { GatewayEnvSchema } from './config.ts';
import { createGatewayAdapters } from './dependencies.ts';

const config = loadConfigOrExit('gateway', GatewayEnvSchema);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const adapters = createGatewayAdapters(config, logger);
const metrics = createAppMetrics({ service: 'gateway' });
const app = await buildGatewayApp({ config, logger, policyStore: adapters.policyStore, metrics });
// The public port has no /metrics; scrapers use this one, which is never published.
const metricsApp =
  config.METRICS_PORT === undefined
    ? undefined
    : createMetricsApp({
        metrics,
        token: config.METRICS_TOKEN || config.INTERNAL_TOKEN,
        baseUrl: config.BASE_URL,
        logger,
      });
if (metricsApp && config.METRICS_PORT !== undefined)
  await listenOrExit(metricsApp, { port: config.METRICS_PORT, host: config.HOST, service: 'gateway metrics' });
await runService({
  app,
  service: 'gateway',
  port: config.PORT,
  host: config.HOST,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  closeAfter: [...(metricsApp ? [() => metricsApp.close()] : []), adapters.close],
});
