import { Writable } from 'node:stream';

import type { SafeFetcher } from '@rankgate/platform/fetch';
import { createSafeFetcher, FetchRefusedError } from '@rankgate/platform/fetch';
import type { PageServer } from '@rankgate/platform/testing/fetch';
import { startPageServer } from '@rankgate/platform/testing/fetch';
import { createLogger } from '@rankgate/platform/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { clientMetadataFetch } from './client-metadata-fetch.ts';

let server: PageServer;
let fetcher: SafeFetcher;
const logs: string[] = [];
const logger = createLogger({
  service: 'test',
  level: 'info',
  destination: new Writable({
    write(chunk, _e, done) {
      logs.push(String(chunk));
      done();
    },
  }),
});

const document = (id: string) =>
  JSON.stringify({ client_id: id, client_name: 'Doc client', redirect_uris: ['https://app.example/cb'] });

beforeAll(async () => {
  server = await startPageServer({
    '/client.json': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      res.end(document(`${server.origin}/client.json`));
    },
    '/large.json': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ client_id: 'x', pad: 'p'.repeat(6 * 1024) }));
    },
    '/moved.json': (_req, res) => {
      res.writeHead(302, { location: '/client.json' });
      res.end();
    },
  });
  // The test allow-list lets the fetcher reach 127.0.0.1, which it refuses in production.
  fetcher = createSafeFetcher({
    userAgent: 'Rankgate-test',
    connectTimeoutMs: 2000,
    totalTimeoutMs: 5000,
    maxBytes: 1_000_000,
    maxDecompressedBytes: 4_000_000,
    maxRedirects: 5,
    perHostConcurrency: 2,
    allowedPorts: [server.port],
    testAllowList: ['127.0.0.1'],
  });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('fetching client ID metadata documents', () => {
  it('returns the document as a Response oidc-provider can read, asking for JSON', async () => {
    const fetchDocument = clientMetadataFetch(fetcher, logger);
    const response = await fetchDocument(`${server.origin}/client.json`, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(await response.json()).toMatchObject({ client_id: `${server.origin}/client.json` });
    expect(server.seen.at(-1)?.headers.accept).toBe('application/json');
  });

  it('refuses documents over 5 KB and redirects, naming the reason in the log', async () => {
    const fetchDocument = clientMetadataFetch(fetcher, logger);
    await expect(fetchDocument(`${server.origin}/large.json`, {})).rejects.toMatchObject({ reason: 'too_large' });
    await expect(fetchDocument(`${server.origin}/moved.json`, {})).rejects.toMatchObject({ reason: 'redirects' });
    expect(logs.join('')).toContain('"reason":"redirects"');
  });

  it('never connects to a private address that is not allow-listed', async () => {
    const strict = createSafeFetcher({
      userAgent: 'Rankgate-test',
      connectTimeoutMs: 2000,
      totalTimeoutMs: 5000,
      maxBytes: 1_000_000,
      maxDecompressedBytes: 4_000_000,
      maxRedirects: 0,
      perHostConcurrency: 2,
      allowedPorts: [server.port],
    });
    const before = server.connections();
    const error = await clientMetadataFetch(strict, logger)(`${server.origin}/client.json`, {}).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FetchRefusedError);
    expect((error as FetchRefusedError).reason).toBe('private_address');
    expect(server.connections()).toBe(before);
    await strict.close();
  });
});
