/**
 * Test support: the failure behaviour every HTTP adapter must share, run against a fake upstream
 * that answers on the provider's own path with the provider's own error bodies. Each adapter test
 * calls `describeUpstreamFailures` once. Every error is also checked for leaks: neither the key,
 * the upstream's body text nor the request URL may appear in what an agent would see.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ProviderNotConfiguredError, ProviderTimeoutError, ProviderUpstreamError } from '../discover-errors.ts';
import type { DiscoverProvider } from '../discover-provider.ts';
import type { FakeUpstream, Reply } from '@rankgate/platform/testing/fake-upstream';
import { startFakeUpstream, unreachableUrl, withHeaders } from '@rankgate/platform/testing/fake-upstream';

/** A key no message may contain. */
export const SECRET_KEY = 'sk-test-SECRET-123';
/** Text in upstream bodies that no message may contain. */
export const BODY_MARKER = 'UPSTREAM-BODY-MARKER';

export interface FailureContract {
  provider: string;
  /** The path the adapter calls (other paths answer 404, so a wrong path fails loudly). */
  path: string;
  /** Builds the adapter, with `SECRET_KEY` as its key when it takes one. */
  create: (options: { baseUrl: string; timeoutMs: number }) => DiscoverProvider;
  /** The provider's own error reply for a status; must contain `BODY_MARKER`. */
  errorReply: (status: number) => Reply;
  /** For providers that need a setting: the adapter without it, and the setting's name. */
  unconfigured?: { create: (baseUrl: string) => DiscoverProvider; setting: string };
  /** For keyed providers: the reply to a wrong key (401), whose message must name the setting. */
  keySetting?: string;
}

/** Asserts that what an agent would see of `error` holds no secret, body text or URL. */
export function expectSafe(error: unknown, baseUrl?: string): void {
  const shown = [String(error), (error as Error).message, JSON.stringify(error)];
  for (const text of shown) {
    expect(text).not.toContain(SECRET_KEY);
    expect(text).not.toContain(BODY_MARKER);
    if (baseUrl) expect(text).not.toContain(baseUrl);
  }
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

export function describeUpstreamFailures(contract: FailureContract): void {
  describe(`${contract.provider}: upstream failures`, () => {
    let reply: Reply = { json: {} };
    let upstream: FakeUpstream;
    const discover = (options: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
      contract
        .create({ baseUrl: upstream.url, timeoutMs: options.timeoutMs ?? 2000 })
        .discover('failure case', { maxCandidates: 10, signal: options.signal ?? new AbortController().signal });

    beforeAll(async () => {
      upstream = await startFakeUpstream((request) =>
        request.path === contract.path ? reply : { status: 404, json: { error: 'no such path' } },
      );
    });
    afterAll(() => upstream.close());
    beforeEach(() => upstream.reset());

    it('reports an upstream 500 with its status and without its body', async () => {
      reply = contract.errorReply(500);
      const error = await failure(discover());
      expect(error).toBeInstanceOf(ProviderUpstreamError);
      expect(error).toMatchObject({
        provider: contract.provider,
        reason: 'answered HTTP 500',
        options: { status: 500 },
      });
      expect((error as ProviderUpstreamError).options.retryAfterSeconds).toBeUndefined();
      expect(upstream.seen).toHaveLength(1);
      expectSafe(error, upstream.url);
    });

    it('passes on Retry-After of a 429 in seconds', async () => {
      reply = withHeaders(contract.errorReply(429), { 'retry-after': '7' });
      const error = await failure(discover());
      expect(error).toBeInstanceOf(ProviderUpstreamError);
      expect((error as ProviderUpstreamError).options).toEqual({ status: 429, retryAfterSeconds: 7 });
      expectSafe(error, upstream.url);
    });

    it('reads a Retry-After HTTP-date on a 503', async () => {
      reply = withHeaders(contract.errorReply(503), { 'retry-after': new Date(Date.now() + 30_000).toUTCString() });
      const error = await failure(discover());
      expect((error as ProviderUpstreamError).options.status).toBe(503);
      expect((error as ProviderUpstreamError).options.retryAfterSeconds).toBeGreaterThanOrEqual(28);
      expect((error as ProviderUpstreamError).options.retryAfterSeconds).toBeLessThanOrEqual(30);
      expectSafe(error, upstream.url);
    });

    it('rejects a body that is not JSON', async () => {
      reply = { text: `<html><body>${BODY_MARKER}</body></html>` };
      const error = await failure(discover());
      expect(error).toBeInstanceOf(ProviderUpstreamError);
      expect((error as ProviderUpstreamError).reason).toBe('sent a response that is not valid JSON');
      expectSafe(error, upstream.url);
    });

    it('rejects JSON of the wrong overall shape', async () => {
      reply = { json: [BODY_MARKER] };
      const error = await failure(discover());
      expect(error).toBeInstanceOf(ProviderUpstreamError);
      expect((error as ProviderUpstreamError).reason).toBe('sent a response in an unexpected shape');
      expectSafe(error, upstream.url);
    });

    it('times out on an upstream that never answers', async () => {
      reply = { hang: true };
      const started = Date.now();
      const error = await failure(discover({ timeoutMs: 200 }));
      expect(Date.now() - started).toBeLessThan(500);
      expect(error).toBeInstanceOf(ProviderTimeoutError);
      expect(error).toMatchObject({ provider: contract.provider, timeoutMs: 200 });
      expectSafe(error, upstream.url);
    });

    it('stops promptly with the caller’s abort, not as a provider error', async () => {
      reply = { hang: true };
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = Date.now();
      const error = await failure(discover({ timeoutMs: 5000, signal: controller.signal }));
      expect(Date.now() - started).toBeLessThan(500);
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('AbortError');
      expect(error).not.toBeInstanceOf(ProviderTimeoutError);
    });

    it('rethrows the caller’s own abort reason untouched', async () => {
      reply = { hang: true };
      const reason = new Error('client went away');
      const controller = new AbortController();
      setTimeout(() => controller.abort(reason), 20);
      await expect(discover({ signal: controller.signal })).rejects.toBe(reason);
    });

    it('reports an upstream that cannot be reached', async () => {
      const error = await failure(
        contract
          .create({ baseUrl: await unreachableUrl(), timeoutMs: 2000 })
          .discover('failure case', { maxCandidates: 10, signal: new AbortController().signal }),
      );
      expect(error).toBeInstanceOf(ProviderUpstreamError);
      // The cause in a few words and its system code (never the URL).
      expect((error as ProviderUpstreamError).reason).toBe('could not be reached (connection refused, ECONNREFUSED)');
      expect((error as ProviderUpstreamError).options.unreachable).toBe(true);
      expectSafe(error);
    });

    if (contract.keySetting) {
      const setting = contract.keySetting;
      it(`says a rejected key is ${setting}`, async () => {
        reply = contract.errorReply(401);
        const error = await failure(discover());
        expect(error).toBeInstanceOf(ProviderUpstreamError);
        expect((error as ProviderUpstreamError).options.status).toBe(401);
        expect((error as Error).message).toContain(setting);
        expectSafe(error, upstream.url);
      });
    }

    if (contract.unconfigured) {
      const { create, setting } = contract.unconfigured;
      it(`names ${setting} when it is not set, without calling the upstream`, async () => {
        const error = await failure(
          create(upstream.url).discover('failure case', { maxCandidates: 10, signal: new AbortController().signal }),
        );
        expect(error).toBeInstanceOf(ProviderNotConfiguredError);
        expect(error).toMatchObject({ provider: contract.provider, setting });
        expect((error as Error).message).toContain(setting);
        expect(upstream.seen).toHaveLength(0);
      });
    }
  });
}
