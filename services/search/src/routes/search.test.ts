import { Writable } from 'node:stream';

import type { Candidate } from '@rankgate/ranking';
import { createServiceApp } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';
import type { Judge } from '@rankgate/ranking';
import { MemoryKeyValueStore } from '@rankgate/platform/stores';
import { describe, expect, it } from 'vitest';

import { DiscoverCache } from '../domain/discover-cache.ts';
import { registerSearchRoutes } from './search.ts';

const INTERNAL_TOKEN = 't'.repeat(40);
const logger = createLogger({
  service: 'search',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});
const candidates: Candidate[] = [
  { title: 'Tide', url: 'https://example.org/tide', snippet: 'Tides rise and fall.', provider_rank: 1 },
];

/** A judge that waits until the search's signal aborts, and says when it did. */
function waitingJudge(onAbort: () => void, holdMs: number): Judge {
  return {
    name: 'waiting',
    judge: (_q, inputs, { signal }) =>
      new Promise((resolve) => {
        const done = () =>
          resolve({
            verdicts: inputs.map((i) => ({ id: i.id, signals: {}, is_republisher: null })),
            usage: { calls: 1, input_tokens: 0, output_tokens: 0 },
          });
        const timer = setTimeout(done, holdMs);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          onAbort();
          done();
        });
      }),
  };
}

async function appWith(judge: Judge) {
  const app = createServiceApp({
    service: 'search',
    baseUrl: 'https://rankgate.test',
    logger,
    internalToken: INTERNAL_TOKEN,
  });
  registerSearchRoutes(app, {
    provider: { name: 'fixed', discover: async () => candidates },
    cache: new DiscoverCache({ store: new MemoryKeyValueStore(), ttlMs: 1000 }),
    judge,
    judgeTopN: 10,
    discoverDeadlineMs: 1000,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

describe('the search route', () => {
  it('does not abort the judge of a caller that is still waiting (GET and POST)', async () => {
    let aborted = 0;
    const { app, url } = await appWith(
      waitingJudge(() => {
        aborted += 1;
      }, 50),
    );
    const get = await fetch(`${url}/v1/search?q=tide`, { headers: { 'x-internal-token': INTERNAL_TOKEN } });
    const post = await fetch(`${url}/v1/search`, {
      method: 'POST',
      headers: { 'x-internal-token': INTERNAL_TOKEN, 'content-type': 'application/json' },
      body: '{"q":"tide"}',
    });
    expect([get.status, post.status]).toEqual([200, 200]);
    expect(aborted).toBe(0);
    await app.close();
  });

  it('aborts the judge when the caller disconnects', async () => {
    let aborted = 0;
    const { app, url } = await appWith(
      waitingJudge(() => {
        aborted += 1;
      }, 5000),
    );
    const controller = new AbortController();
    const request = fetch(`${url}/v1/search?q=tide`, {
      headers: { 'x-internal-token': INTERNAL_TOKEN },
      signal: controller.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await request;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(aborted).toBe(1);
    await app.close();
  });
});
