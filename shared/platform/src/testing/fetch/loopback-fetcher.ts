import type { SafeFetcher } from '../../fetch/index.ts';
import { createSafeFetcher } from '../../fetch/index.ts';

/**
 * A safe fetcher with ordinary limits that may fetch pages from a test server on 127.0.0.1 (the
 * test allow-list), for code that reads pages through the fetcher.
 */
export function createLoopbackFetcher(port: number): SafeFetcher {
  return createSafeFetcher({
    userAgent: 'Rankgate-test',
    connectTimeoutMs: 1_000,
    totalTimeoutMs: 5_000,
    maxBytes: 1_000_000,
    maxDecompressedBytes: 4_000_000,
    maxRedirects: 5,
    perHostConcurrency: 4,
    allowedPorts: [port],
    testAllowList: ['127.0.0.1'],
  });
}
