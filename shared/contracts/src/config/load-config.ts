import type { z } from 'zod';

/** Thrown once at start-up; the message names every bad variable and what it accepts. */
export class ConfigError extends Error {
  constructor(service: string, problems: string[]) {
    super(
      `${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example and docs/configuration.md.`,
    );
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at start, against a service's zod schema. Empty strings count as
 * unset, so `FOO=` in an env file falls back to the default instead of failing a number parse.
 */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    service,
    parsed.error.issues.map((issue) => {
      const variable = issue.path.join('.') || '(environment)';
      const given = cleaned[variable];
      const secret = /TOKEN|KEY|SECRET|PASSWORD/i.test(variable);
      const shown = given === undefined ? 'unset' : secret ? 'set (value hidden)' : JSON.stringify(given);
      return `${variable}: ${issue.message} (${shown})`;
    }),
  );
}

/** For `main.ts`: a bad environment prints what to fix (no stack trace) and exits 1. */
export function loadConfigOrExit<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  try {
    return loadConfig(service, schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
