import type { Logger, LoggerOptions } from 'pino';
import { pino } from 'pino';

/**
 * Paths pino must never print. Credentials travel in headers (Authorization, X-API-Key, cookies,
 * the internal token) and in bodies (tokens, assertions, keys, secrets).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-internal-token"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers["x-internal-token"]',
  'headers.cookie',
  ...[
    'token',
    'access_token',
    'refresh_token',
    'id_token',
    'identity_assertion',
    'assertion',
    'claim_token',
    'client_secret',
    'api_key',
    'apiKey',
    'password',
    'secret',
    'key',
  ].flatMap((field) => [field, `*.${field}`]),
];

export type { Logger };

export interface LoggerFactoryOptions {
  service: string;
  level?: LoggerOptions['level'];
  /** Destination stream, for tests that assert what was logged. */
  destination?: NodeJS.WritableStream;
}

/** The one pino factory: JSON lines, service name on every line, secrets redacted. */
export function createLogger({ service, level = 'info', destination }: LoggerFactoryOptions): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}
