/**
 * `npm run start:split`: the split topology as separate local processes (Redis-backed stores and
 * BullMQ), the same processes the containers run. The gateway listens on PORT (default 8080);
 * services on the next four ports. Ctrl-C stops them all gracefully.
 */
import { generateInternalToken } from './internal-token.ts';
import { startBanner } from './start-banner.ts';
import type { ServiceName } from './split-topology.ts';
import { startTopology, stopTopology, topologySpecs } from './split-topology.ts';

const port = Number(process.env.PORT || 8080);
const ports: Record<ServiceName, number> = {
  gateway: port,
  search: port + 1,
  'auth-server': port + 2,
  mcp: port + 3,
  'ranking-worker': port + 4,
};
const generatedApiKey = process.env.OPERATOR_API_KEY ? undefined : `rg_${generateInternalToken().slice(0, 40)}`;
const specs = topologySpecs({
  ...(generatedApiKey ? { env: { OPERATOR_API_KEY: generatedApiKey } } : {}),
  ports,
  internalToken: process.env.INTERNAL_TOKEN || generateInternalToken(),
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  logLevel: process.env.LOG_LEVEL || 'info',
  ...(process.env.BASE_URL ? { baseUrl: process.env.BASE_URL } : {}),
});

const processes = await startTopology(specs, { echo: true });
for (const [name, managed] of processes)
  console.log(`  ${name.padEnd(15)} pid ${managed.pid}  ready in ${Math.round(managed.readyMs)} ms`);
const gatewayEnv = specs.find((s) => s.name === 'gateway')?.env ?? {};
console.log(
  startBanner({
    baseUrl: gatewayEnv.BASE_URL ?? `http://127.0.0.1:${port}`,
    provider: gatewayEnv.DISCOVER_PROVIDER || 'wikipedia',
    judge: gatewayEnv.JUDGE || 'local',
    generatedApiKey,
  }),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void stopTopology(processes).then(() => process.exit(0));
  });
}
