/**
 * What the fetcher does with pages it may fetch: headers it sends, redirects, caps, timeouts,
 * decompression, charsets, per-host concurrency. Pages are served from 127.0.0.1, which the test
 * allow-list (test configuration only) lets through.
 */
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { decodeText } from './charset.ts';
import { FetchFailedError, FetchRefusedError } from './fetch-errors.ts';
import type { FetchPolicy } from './fetch-policy.ts';
import type { SafeFetcher } from './safe-fetcher.ts';
import { createSafeFetcher } from './safe-fetcher.ts';
import type { FakeDns } from '../testing/fetch/fake-dns.ts';
import { startFakeDns } from '../testing/fetch/fake-dns.ts';
import type { PageServer } from '../testing/fetch/page-server.ts';
import { startPageServer } from '../testing/fetch/page-server.ts';
import type { LoadProbe } from '../testing/fetch/fetcher-test-pages.ts';
import { fetcherTestPages } from '../testing/fetch/fetcher-test-pages.ts';
import { TEST_TLS_CERT, TEST_TLS_KEY } from '../testing/fetch/tls-fixture.ts';

const MAX_BYTES = 64 * 1024;
const MAX_DECOMPRESSED = 256 * 1024;
const TOTAL_TIMEOUT_MS = 1_500;

const load: LoadProbe = { inFlight: 0, maxInFlight: 0 };
let server: PageServer;
let dns: FakeDns;
let fetcher: SafeFetcher;

beforeAll(async () => {
  server = await startPageServer(fetcherTestPages(load, () => server.origin));
  dns = await startFakeDns((name, type) =>
    ['a.test', 'b.test', 'pages.test'].includes(name) && type === 'A'
      ? ['127.0.0.1']
      : name.endsWith('.test')
        ? []
        : undefined,
  );
  const policy: FetchPolicy = {
    userAgent: 'Rankgate-test/1 (+https://rankgate.test/docs/deep-mode.md)',
    connectTimeoutMs: 1_000,
    totalTimeoutMs: TOTAL_TIMEOUT_MS,
    maxBytes: MAX_BYTES,
    maxDecompressedBytes: MAX_DECOMPRESSED,
    maxRedirects: 3,
    perHostConcurrency: 2,
    allowedPorts: [server.port],
    testAllowList: ['127.0.0.1'],
    dnsServers: [dns.server],
  };
  fetcher = createSafeFetcher(policy);
});
afterAll(async () => {
  await Promise.all([fetcher?.close(), server?.close(), dns?.close()]);
});

const url = (path: string) => `${server.origin}${path}`;
async function refusedWith(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return error as FetchRefusedError;
}

describe('fetching an allowed page', () => {
  it('returns status, media type, charset and body, and sends a clear User-Agent and nothing private', async () => {
    const page = await fetcher.fetch(url('/page'));
    expect(page).toMatchObject({
      url: url('/page'),
      status: 200,
      contentType: 'text/html',
      charset: 'utf-8',
      redirects: [],
    });
    expect(page.body.toString()).toContain('The moon pulls the oceans.');
    const seen = server.seen.find((s) => s.path === '/page')!;
    expect(seen.headers['user-agent']).toBe('Rankgate-test/1 (+https://rankgate.test/docs/deep-mode.md)');
    expect(seen.headers.accept).toMatch(/^text\/html/);
    expect(seen.headers).not.toHaveProperty('cookie');
    expect(seen.headers).not.toHaveProperty('authorization');
  });

  it('keeps the host name in the Host header when it connects to the vetted address', async () => {
    const page = await fetcher.fetch(`http://a.test:${server.port}/page`);
    expect(page.status).toBe(200);
    expect(server.seen.at(-1)?.headers.host).toBe(`a.test:${server.port}`);
  });

  it('drops set-cookie from the headers it hands back', async () => {
    const page = await fetcher.fetch(url('/cookie'));
    expect(page.headers).not.toHaveProperty('set-cookie');
    expect(page.headers['x-multi']).toBe('a');
  });

  it('decodes gzip and brotli bodies', async () => {
    expect((await fetcher.fetch(url('/gzip'))).body.toString()).toBe('compressed tides text');
    expect((await fetcher.fetch(url('/br'))).body.toString()).toBe('brotli tides text');
  });

  it('follows redirects by hand, relative and absolute, and lists them', async () => {
    const page = await fetcher.fetch(url('/hop1'));
    expect(page.url).toBe(url('/page?via=hop2'));
    expect(page.redirects).toEqual([url('/hop2'), url('/page?via=hop2')]);
    expect(page.body.toString()).toContain('Tides');
  });
});

describe('limits', () => {
  it('refuses a redirect chain over the limit, and any redirect when the call allows none', async () => {
    const loop = await refusedWith(fetcher.fetch(url('/loop')));
    expect(loop.reason).toBe('redirects');
    expect(server.seen.filter((s) => s.path === '/loop')).toHaveLength(4); // the first request + 3 redirects
    expect((await refusedWith(fetcher.fetch(url('/hop1'), { maxRedirects: 0 }))).reason).toBe('redirects');
  });

  it('stops reading a streamed body past the byte cap', async () => {
    expect((await refusedWith(fetcher.fetch(url('/large-chunked')))).reason).toBe('too_large');
  });

  it('refuses a declared Content-Length over the cap without waiting for the body', async () => {
    const started = performance.now();
    expect((await refusedWith(fetcher.fetch(url('/large-declared')))).reason).toBe('too_large');
    expect(performance.now() - started).toBeLessThan(TOTAL_TIMEOUT_MS);
  });

  it('lets a call lower the byte cap, never raise it', async () => {
    expect((await refusedWith(fetcher.fetch(url('/page'), { maxBytes: 20 }))).reason).toBe('too_large');
    expect((await refusedWith(fetcher.fetch(url('/large-chunked'), { maxBytes: 10 * MAX_BYTES }))).reason).toBe(
      'too_large',
    );
  });

  it('stops a zip bomb at the decompression cap, and refuses corrupt or unknown encodings', async () => {
    const bomb = await refusedWith(fetcher.fetch(url('/bomb')));
    expect(bomb.reason).toBe('decompression');
    expect(bomb.message).toContain(String(MAX_DECOMPRESSED));
    expect((await refusedWith(fetcher.fetch(url('/corrupt-gzip')))).reason).toBe('decompression');
    expect((await refusedWith(fetcher.fetch(url('/corrupt-br')))).reason).toBe('decompression');
    expect((await refusedWith(fetcher.fetch(url('/zstd')))).reason).toBe('decompression');
  });

  it('aborts a slow-loris body at the total timeout', async () => {
    const started = performance.now();
    const error = await refusedWith(fetcher.fetch(url('/slow-loris')));
    const elapsed = performance.now() - started;
    expect(error.reason).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(TOTAL_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TOTAL_TIMEOUT_MS + 1_500);
  });

  it('runs at most perHostConcurrency fetches per host at once; other hosts are not held up', async () => {
    load.maxInFlight = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: 6 }, () => fetcher.fetch(`http://a.test:${server.port}/slow`)));
    const oneHost = performance.now() - started;
    expect(load.maxInFlight).toBe(2);
    expect(oneHost).toBeGreaterThanOrEqual(3 * 150 - 20); // three waves of two

    load.maxInFlight = 0;
    await Promise.all(
      ['a.test', 'b.test'].flatMap((host) =>
        Array.from({ length: 2 }, () => fetcher.fetch(`http://${host}:${server.port}/slow`)),
      ),
    );
    expect(load.maxInFlight).toBe(4);
  });
});

describe('charsets', () => {
  it.each([
    ['/windows-1252', 'windows-1252', 'Café €'],
    ['/shift-jis-meta', 'shift_jis', '日本'],
    ['/latin1-undeclared', 'windows-1252', 'Naïve'],
    ['/utf16-bom', 'utf-16le', 'tide'],
  ])('%s is read as %s', async (path, charset, text) => {
    const page = await fetcher.fetch(url(path));
    expect(page.charset).toBe(charset);
    expect(decodeText(page.body, page.charset)).toContain(text);
  });

  it('gives binary types no charset', async () => {
    const page = await fetcher.fetch(url('/pdf'));
    expect(page).toMatchObject({ contentType: 'application/pdf' });
    expect(page.charset).toBeUndefined();
  });
});

describe('https', () => {
  it('connects to the vetted address with the host name as TLS server name, and checks the certificate', async () => {
    const serverNames: string[] = [];
    let requests = 0;
    const tls = createHttpsServer(
      {
        key: TEST_TLS_KEY,
        cert: TEST_TLS_CERT,
        SNICallback: (name, done) => {
          serverNames.push(name);
          done(null);
        },
      },
      (_req, res) => {
        requests += 1;
        res.end('secret');
      },
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const port = (tls.address() as AddressInfo).port;
    const secure = createSafeFetcher({
      userAgent: 't',
      connectTimeoutMs: 1_000,
      totalTimeoutMs: 3_000,
      maxBytes: 1_000,
      maxDecompressedBytes: 1_000,
      maxRedirects: 0,
      perHostConcurrency: 1,
      allowedPorts: [port],
      testAllowList: ['127.0.0.1'],
      dnsServers: [dns.server],
    });
    try {
      const error = await secure.fetch(`https://pages.test:${port}/`).catch((caught: unknown) => caught);
      // The certificate is self-signed: refused by the client, so the request was never sent.
      expect(error).toBeInstanceOf(FetchFailedError);
      expect((error as FetchFailedError).code).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
      expect(serverNames).toEqual(['pages.test']);
      expect(requests).toBe(0);
    } finally {
      await secure.close();
      tls.closeAllConnections();
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});

describe('failures', () => {
  it('reports a refused connection as FetchFailedError with its code', async () => {
    const closed = await startPageServer({});
    const port = closed.port;
    await closed.close();
    const other = createSafeFetcher({
      userAgent: 't',
      connectTimeoutMs: 500,
      totalTimeoutMs: 1_000,
      maxBytes: 1_000,
      maxDecompressedBytes: 1_000,
      maxRedirects: 0,
      perHostConcurrency: 1,
      allowedPorts: [port],
      testAllowList: ['127.0.0.1'],
    });
    try {
      const error = await other.fetch(`http://127.0.0.1:${port}/`).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FetchFailedError);
      expect((error as FetchFailedError).code).toBe('ECONNREFUSED');
    } finally {
      await other.close();
    }
  });

  it('stops when the caller aborts, and refuses to fetch once closed', async () => {
    const controller = new AbortController();
    const pending = fetcher.fetch(url('/slow-loris'), { signal: controller.signal }).catch((caught: unknown) => caught);
    await sleep(100);
    controller.abort(new Error('caller left'));
    const error = await pending;
    expect(error).toBeInstanceOf(FetchFailedError);
    expect((error as FetchFailedError).code).toBe('ABORTED');

    const closing = createSafeFetcher({
      userAgent: 't',
      connectTimeoutMs: 500,
      totalTimeoutMs: 5_000,
      maxBytes: 1_000,
      maxDecompressedBytes: 1_000,
      maxRedirects: 0,
      perHostConcurrency: 1,
      allowedPorts: [server.port],
      testAllowList: ['127.0.0.1'],
    });
    const inFlightFetch = closing.fetch(url('/slow-loris')).catch((caught: unknown) => caught);
    await sleep(100);
    await closing.close();
    expect(await inFlightFetch).toBeInstanceOf(FetchFailedError);
    await expect(closing.fetch(url('/page'))).rejects.toMatchObject({ code: 'CLOSED' });
  });

  it('refuses a policy that cannot work, naming the setting', () => {
    expect(() =>
      createSafeFetcher({
        userAgent: 'x',
        connectTimeoutMs: 0,
        totalTimeoutMs: 1,
        maxBytes: 1,
        maxDecompressedBytes: 1,
        maxRedirects: 0,
        perHostConcurrency: 1,
      }),
    ).toThrow(/connectTimeoutMs/);
  });
});
