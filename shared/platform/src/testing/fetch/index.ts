/** Test doubles for code that fetches: a DNS server and page servers on 127.0.0.1. Tests only. */
export type { Answerer, FakeDns, RecordType } from './fake-dns.ts';
export { startFakeDns } from './fake-dns.ts';
export type { PageServer, Route } from './page-server.ts';
export { startPageServer } from './page-server.ts';
export { TEST_TLS_CERT, TEST_TLS_KEY } from './tls-fixture.ts';
export { createLoopbackFetcher } from './loopback-fetcher.ts';
