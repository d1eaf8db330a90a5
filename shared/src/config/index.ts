export { commonEnv, internalTokenField, LOG_LEVELS, portField, redisKeyPrefixField, redisUrlField, urlField } from './env-fields.ts';
export { ConfigError, loadConfig, loadConfigOrExit } from './load-config.ts';
