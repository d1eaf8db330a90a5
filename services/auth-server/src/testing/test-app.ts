/**
 * Test support: the auth-server app on a memory store (or a given one), called through inject with
 * the internal token and a cookie jar, as the gateway and a browser would call it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { MemoryKeyValueStore } from '@rankgate/platform/stores';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

import type { AuthServerAppConfig } from '../app.ts';
import { buildAuthServerApp } from '../app.ts';
import { AuthServerEnvSchema } from '../config.ts';
import { loadSigningKeys } from '../oauth/signing-keys.ts';

const INTERNAL_TOKEN = 'i'.repeat(48);
export const OPERATOR_KEY = 'operator-key-for-tests-0123456789';
export const BASE_URL = 'https://rg.example';
export const TEST_CLIENT = 'rankgate-test-client';

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Overrides after parsing (values the env schema would refuse, e.g. a 1-second claim window). */
  config?: Partial<AuthServerAppConfig>;
  store?: KeyValueStore;
}

export interface TestApp {
  app: FastifyInstance;
  store: KeyValueStore;
  logs: string[];
  call(options: InjectOptions): Promise<LightMyRequestResponse>;
  form(url: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  json(url: string, body: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestApp({
  env = {},
  config: overrides = {},
  store = new MemoryKeyValueStore(),
}: TestAppOptions = {}): Promise<TestApp> {
  const parsed = AuthServerEnvSchema.parse({ INTERNAL_TOKEN, OPERATOR_API_KEY: OPERATOR_KEY, BASE_URL, ...env });
  const config = { ...parsed, ...overrides };
  const logs: string[] = [];
  const logger = createLogger({
    service: 'auth-server-test',
    level: 'warn',
    destination: new Writable({
      write(chunk, _e, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  });
  const app = await buildAuthServerApp({
    config,
    logger,
    store,
    signing: await loadSigningKeys(config.AUTH_SIGNING_JWKS, store),
  });
  await app.ready();
  const call = (options: InjectOptions) =>
    app.inject({ ...options, headers: { 'x-internal-token': INTERNAL_TOKEN, ...options.headers } });
  return {
    app,
    store,
    logs,
    call,
    form: (url, fields, headers = {}) =>
      call({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(fields).toString(),
      }),
    json: (url, body) =>
      call({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

/** A browser's cookies: remembers Set-Cookie answers and sends back those whose path matches. */
class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  take(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const line of header === undefined ? [] : Array.isArray(header) ? header : [header]) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const path =
        attributes
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith('path='))
          ?.slice(5) ?? '/';
      const expired = attributes.some(
        (a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()),
      );
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, { value: pair.slice(eq + 1).trim(), path });
    }
  }

  header(url: string): string {
    const path = new URL(url, BASE_URL).pathname;
    return [...this.cookies]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}

/** A browser: follows nothing by itself, but keeps cookies across calls. */
export function browser(test: TestApp) {
  const jar = new CookieJar();
  const send = async (options: InjectOptions & { url: string }) => {
    const cookie = jar.header(options.url);
    const response = await test.call({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
    jar.take(response);
    return response;
  };
  return {
    jar,
    get: (url: string) => send({ method: 'GET', url: url.replace(BASE_URL, '') }),
    post: (url: string, fields: Record<string, string>) =>
      send({
        method: 'POST',
        url: url.replace(BASE_URL, ''),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      }),
  };
}

/** The value of a hidden form field in a page. */
export const formField = (page: string, name: string): string | undefined =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The claims of a JWT (no verification: for assertions about what was issued). */
export const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
export const headerOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString()) as Record<string, unknown>;
