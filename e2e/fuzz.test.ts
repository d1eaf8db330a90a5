/**
 * An OpenAPI-driven fuzzer over every public route, through the gateway of the local split
 * topology: hostile parameters, bodies, headers and encodings, huge inputs. Never a 5xx; every
 * REST error a problem document; OAuth endpoints keep their `{error}` form and MCP its JSON-RPC
 * form; no secret in any response (the harness scans each); the service healthy afterwards.
 * Bounded: FUZZ_RUNS requests (default 300) or 60 s, whichever comes first.
 */
import { ProblemSchema } from '@rankgate/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import type { Operation } from './harness/fuzz-requests.ts';
import { fuzzRequest, operationsOf } from './harness/fuzz-requests.ts';
import { assertNoSecrets } from './harness/http.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const RUNS = Number(process.env.FUZZ_RUNS || 300);

/** How an error must look on a route, by the standard that governs it. */
function errorShape(template: string): 'problem' | 'oauth' | 'mcp' | 'page' {
  if (/^\/(oauth2|agent)\b/.test(template)) return 'oauth';
  if (/^\/(\.well-known\/)?mcp$/.test(template)) return 'mcp';
  return 'problem';
}

describe.skipIf(plan.mode !== 'local')(suiteTitle('fuzzing every public route', plan), () => {
  let brave: FakeBrave;
  let target: LocalTarget | undefined;
  let operations: Operation[] = [];

  beforeAll(async () => {
    brave = await startFakeBrave();
    target = await startLocalTarget(plan, {
      DISCOVER_PROVIDER: 'brave',
      BRAVE_BASE_URL: brave.url,
      BRAVE_API_KEY: FAKE_BRAVE_KEY,
    });
    operations = operationsOf(
      (await (await fetch(`${target.baseUrl}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      },
    );
  });
  afterAll(async () => {
    await target?.stop();
    await brave?.close();
  });

  it(verifies('FUZZ-1'), { timeout: 120_000 }, async () => {
    expect(operations.length).toBeGreaterThan(20);
    const seenStatus = new Map<number, number>();
    const request = fc
      .constantFrom(...operations)
      .chain((operation) => fuzzRequest(operation, target!.apiKey).map((req) => ({ operation, req })));
    await fc.assert(
      fc.asyncProperty(request, async ({ operation, req }) => {
        const response = await fetch(`${target!.baseUrl}${req.path}`, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        seenStatus.set(response.status, (seenStatus.get(response.status) ?? 0) + 1);
        const where = `${req.method} ${req.path.slice(0, 200)}`;
        assertNoSecrets(where, response.headers, text);
        expect(response.status, `${where} → ${response.status} ${text.slice(0, 300)}`).toBeLessThan(500);
        if (response.status < 400) return;
        const type = response.headers.get('content-type') ?? '';
        const shape = errorShape(operation.template);
        if (type.startsWith('application/problem+json')) {
          const problem = ProblemSchema.parse(JSON.parse(text));
          expect(problem.status, where).toBe(response.status);
          expect(problem.detail).not.toMatch(/\n\s+at /); // no stack trace
          return;
        }
        // Only the standards that define their own error form may leave problem+json.
        expect(shape, `${where} answered ${response.status} as ${type}: ${text.slice(0, 200)}`).not.toBe('problem');
        // The SET receiver answers RFC 8935 `{err, description}`; the other OAuth endpoints RFC 6749 `{error}`.
        const member = operation.template === '/agent/event/notify' ? 'err' : 'error';
        if (shape === 'oauth' && type.startsWith('application/json'))
          expect(typeof JSON.parse(text)[member]).toBe('string');
        if (shape === 'mcp' && type.startsWith('application/json'))
          expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
    );
    // Still serving, and still searching.
    expect((await fetch(`${target!.baseUrl}/health`)).status).toBe(200);
    expect(
      (await fetch(`${target!.baseUrl}/v1/search?q=ocean+tides`, { headers: { 'x-api-key': target!.apiKey ?? '' } }))
        .status,
    ).toBe(200);
    for (const [name, process] of target!.processes) expect(process.running, `${name} still running`).toBe(true);
    console.warn(
      `fuzz: ${[...seenStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`,
    );
  });
});
