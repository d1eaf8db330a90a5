export {
  commonEnv,
  internalTokenField,
  jsonField,
  LOG_LEVELS,
  portField,
  redisKeyPrefixField,
  redisUrlField,
  refineSearchPolicy,
  searchPolicyEnv,
  urlField,
} from './env-fields.ts';
export { ConfigError, loadConfig, loadConfigOrExit } from './load-config.ts';
