/**
 * The embedded default (`npm start`): one Node process composes all five services. Each still
 * listens on its own loopback port and the gateway proxies to them exactly as in the split
 * topology; stores are in memory and the queue is in-process. Needs no environment variable.
 * With METRICS_PORT, one metrics listener serves every app's registry, merged.
 * This launcher is the composition root: the only code that imports every service's app builder.
 */
import { loadConfigOrExit } from '@rankgate/contracts/config';
import { createMetricsApp, listenOrExit, runService } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';
import type { ExpositionSource } from '@rankgate/platform/metrics';
import { combinedMetrics, createAppMetrics } from '@rankgate/platform/metrics';
import { createInProcessBroker } from '@rankgate/platform/queue';
import type { FastifyInstance } from 'fastify';

import { buildGatewayApp } from '../gateway/src/app.ts';
import { GatewayEnvSchema } from '../gateway/src/config.ts';
import { createGatewayAdapters } from '../gateway/src/dependencies.ts';
import { buildAuthServerApp } from '../services/auth-server/src/app.ts';
import { AuthServerEnvSchema } from '../services/auth-server/src/config.ts';
import { createAuthServerAdapters } from '../services/auth-server/src/dependencies.ts';
import { buildMcpApp } from '../services/mcp/src/app.ts';
import { McpEnvSchema } from '../services/mcp/src/config.ts';
import { buildRankingWorkerApp } from '../services/ranking-worker/src/app.ts';
import { RankingWorkerEnvSchema } from '../services/ranking-worker/src/config.ts';
import { startPageConsumer } from '../services/ranking-worker/src/page-consumer.ts';
import { handBackAfterMs } from '../services/ranking-worker/src/shutdown.ts';
import { buildSearchApp } from '../services/search/src/app.ts';
import { SearchEnvSchema } from '../services/search/src/config.ts';
import { createSearchAdapters } from '../services/search/src/dependencies.ts';
import { generateInternalToken } from './internal-token.ts';
import { startBanner } from './start-banner.ts';

const INTERNAL_TOKEN = process.env.INTERNAL_TOKEN || generateInternalToken();
// Without a configured key the operator gets a fresh one each start, printed below.
const generatedApiKey = process.env.OPERATOR_API_KEY ? undefined : `rg_${generateInternalToken().slice(0, 40)}`;
const env = { ...process.env, INTERNAL_TOKEN, ...(generatedApiKey ? { OPERATOR_API_KEY: generatedApiKey } : {}) };
const config = loadConfigOrExit('rankgate', GatewayEnvSchema, env);
const PORT = config.PORT;
const LOOPBACK = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${PORT}`;
const BASE_URL = process.env.BASE_URL ? config.BASE_URL : LOOPBACK;
const logger = createLogger({ service: 'rankgate', level: config.LOG_LEVEL });
const loggerFor = (service: string) => createLogger({ service, level: config.LOG_LEVEL });
const shared = { BASE_URL, INTERNAL_TOKEN };

/** Services bind to an ephemeral loopback port; only the gateway is reachable from outside. */
async function listenInternally(name: string, app: FastifyInstance, closers: (() => Promise<void>)[]): Promise<string> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => app.close());
  logger.debug({ service: name, address }, 'internal service listening');
  return address;
}

/** An internal app's /metrics, read without a network hop (each app keeps its own registry). */
const METRICS_TOKEN = config.METRICS_TOKEN || INTERNAL_TOKEN;
const scrapeOf = (app: FastifyInstance): ExpositionSource => ({
  async exposition() {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    if (response.statusCode !== 200) throw new Error(`/metrics of an internal app answered ${response.statusCode}`);
    return { contentType: String(response.headers['content-type']), body: response.body };
  },
});

const closers: (() => Promise<void>)[] = [];
// Deep mode's page jobs go from search to the ranking worker through one in-process broker.
const pageBroker = createInProcessBroker();
const workerConfig = loadConfigOrExit('ranking-worker', RankingWorkerEnvSchema, { ...env, ...shared, REDIS_URL: '' });
const workerMetrics = createAppMetrics({ service: 'ranking-worker' });
const pageConsumer = startPageConsumer(
  workerConfig,
  loggerFor('ranking-worker'),
  { kind: 'in-process', broker: pageBroker },
  workerMetrics,
);
// The one process stops as a whole: running page jobs get the shutdown bound, less a reserve.
closers.push(() => pageConsumer.close({ graceMs: handBackAfterMs(config.SHUTDOWN_TIMEOUT_MS) }));
const searchConfig = loadConfigOrExit('search', SearchEnvSchema, { ...env, ...shared, REDIS_URL: '' });
const searchAdapters = await createSearchAdapters(searchConfig, loggerFor('search'), { pageBroker });
closers.push(searchAdapters.close);
const searchApp = await buildSearchApp({ config: searchConfig, logger: loggerFor('search'), ...searchAdapters });
const searchUrl = await listenInternally('search', searchApp, closers);
// The auth-server keeps its state in memory here (lost on restart); it reads the operator key like the gateway.
const authConfig = loadConfigOrExit('auth-server', AuthServerEnvSchema, { ...env, ...shared, REDIS_URL: '' });
const authAdapters = await createAuthServerAdapters(authConfig, loggerFor('auth-server'));
closers.push(authAdapters.close);
const authApp = await buildAuthServerApp({ config: authConfig, logger: loggerFor('auth-server'), ...authAdapters });
const authUrl = await listenInternally('auth-server', authApp, closers);
// The policy store is the one part the embedded default takes from the environment too: the burst
// limiter and the demo quota need a store that outlives the process to mean anything. The gateway
// and search_web charge the same store object here.
const gatewayAdapters = createGatewayAdapters(config, loggerFor('gateway'));
closers.unshift(gatewayAdapters.close);
// search_web calls the search service directly; the sandbox and /health are read through the gateway's own port.
const mcpConfig = loadConfigOrExit('mcp', McpEnvSchema, {
  ...env,
  ...shared,
  SEARCH_SERVICE_URL: searchUrl,
  GATEWAY_URL: process.env.GATEWAY_URL || LOOPBACK,
});
const mcpApp = buildMcpApp({ config: mcpConfig, logger: loggerFor('mcp'), policyStore: gatewayAdapters.policyStore });
const mcpUrl = await listenInternally('mcp', mcpApp, closers);
const workerApp = buildRankingWorkerApp({
  config: { ...shared, METRICS_TOKEN: config.METRICS_TOKEN },
  logger: loggerFor('ranking-worker'),
  metrics: workerMetrics,
});
await listenInternally('ranking-worker', workerApp, closers);

const gatewayMetrics = createAppMetrics({ service: 'gateway' });
const gateway = await buildGatewayApp({
  config: { ...config, ...shared, SEARCH_SERVICE_URL: searchUrl, AUTH_SERVICE_URL: authUrl, MCP_SERVICE_URL: mcpUrl },
  logger: loggerFor('gateway'),
  policyStore: gatewayAdapters.policyStore,
  metrics: gatewayMetrics,
});
// Search starts draining with the gateway, not after it: deep requests still waiting for pages then
// wrap up within the shutdown bound (see services/search/src/deep-wrap-up.ts) instead of holding the
// gateway's drain past it. Closing is idempotent; the closers below wait for the same drain.
gateway.addHook('preClose', async () => {
  void searchApp.close();
});
// As in the split topology, the public port has no /metrics: METRICS_PORT gets one listener for all
// five apps, their registries merged (process metrics once, under the gateway).
if (config.METRICS_PORT !== undefined) {
  const metricsApp = createMetricsApp({
    metrics: combinedMetrics([gatewayMetrics, ...[searchApp, authApp, mcpApp, workerApp].map(scrapeOf)]),
    token: METRICS_TOKEN,
    baseUrl: BASE_URL,
    logger: loggerFor('gateway'),
  });
  await listenOrExit(metricsApp, { port: config.METRICS_PORT, host: config.HOST, service: 'metrics' });
  closers.unshift(() => metricsApp.close());
}
await runService({
  app: gateway,
  service: 'gateway',
  port: PORT,
  host: config.HOST,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  // The gateway drains first, then the services it was calling.
  closeAfter: closers.reverse(),
});
console.log(
  startBanner({
    baseUrl: BASE_URL,
    provider: searchAdapters.providers.map((provider) => provider.name).join(','),
    judge: searchAdapters.judge.name,
    generatedApiKey,
  }),
);
