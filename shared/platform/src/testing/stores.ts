// Test helpers for suites outside shared/ that need the real stores: not used by production code.
export type { CuttableProxy } from './cuttable-proxy.ts';
export { startCuttableProxy } from './cuttable-proxy.ts';
export { redisUrlForTests, requireRedis } from './redis-test-helper.ts';
export type { RestRedisDouble } from './rest-redis-double.ts';
export { startRestRedisDouble } from './rest-redis-double.ts';
