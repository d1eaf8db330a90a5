/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, a tool nobody here wrote)
 * against /mcp through the real gateway. Its server scenarios that exercise a protocol feature
 * Rankgate offers run here; the others test the reference server's own demo tools, resources and
 * prompts (`test_error_handling`, `resources/list`, …), which Rankgate does not have.
 *
 * The suite cannot send a credential, so a loopback forwarder adds the operator key, as a
 * credential-injecting client proxy would; it passes Host and Origin through untouched, so the
 * DNS-rebinding scenario sees the server's own answer (the forwarder's origin is the one allowed).
 */
import { execFile } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';

const plan = await planTarget();
const run = promisify(execFile);
const conformanceCli = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')),
  'dist/index.js',
);

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

function startKeyForwarder(upstream: () => URL, apiKey: () => string) {
  const server = createServer((incoming, outgoing) => {
    const target = upstream();
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, 'x-api-key': apiKey() },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe.skipIf(plan.mode !== 'local')(suiteTitle('MCP conformance suite through the gateway', plan), () => {
  let target: LocalTarget | undefined;
  let forwarder: Awaited<ReturnType<typeof startKeyForwarder>>;

  beforeAll(async () => {
    forwarder = await startKeyForwarder(
      () => new URL(target!.baseUrl),
      () => target!.apiKey!,
    );
    target = await startLocalTarget(plan, { MCP_ALLOWED_ORIGINS: forwarder.url });
  });
  afterAll(async () => {
    await forwarder?.close();
    await target?.stop();
  });

  it.each(SCENARIOS)('%s passes every check', async (scenario) => {
    const { stdout } = await run(
      process.execPath,
      [conformanceCli, 'server', '--url', `${forwarder.url}/mcp`, '--scenario', scenario],
      { timeout: 30_000 },
    ).catch((failure: { stdout?: string; stderr?: string }) => {
      throw new Error(`conformance ${scenario} failed:\n${failure.stdout ?? ''}\n${failure.stderr ?? ''}`);
    });
    const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout);
    expect(summary, stdout).not.toBeNull();
    const [, passed, total, failed] = summary!;
    expect(Number(total)).toBeGreaterThan(0);
    expect({ passed: Number(passed), failed: Number(failed) }).toEqual({ passed: Number(total), failed: 0 });
  });
});
