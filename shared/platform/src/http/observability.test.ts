import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLogger } from '../logger/index.ts';
import { createAppMetrics, parseExposition } from '../metrics/index.ts';
import { createBaseApp, createServiceApp } from './create-service-app.ts';
import { createMetricsApp } from './metrics-app.ts';
import { continueOrStartTrace, currentTraceparent, parseTraceparent } from '../tracing/trace-context.ts';

const token = 'i'.repeat(40);
const logged: string[] = [];
const logger = createLogger({
  service: 'test',
  level: 'debug',
  destination: new Writable({
    write(c, _e, done) {
      logged.push(String(c));
      done();
    },
  }),
});

const app = createServiceApp({ service: 'svc', baseUrl: 'https://rg.example', logger, internalToken: token });
app.get('/things/:id', async () => ({ traceparent: currentTraceparent() }));

beforeAll(async () => {
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const internal = { 'x-internal-token': token };

describe("a service app's probes and metrics", () => {
  it('answers the liveness probe without a token and without running dependency checks', async () => {
    let checked = 0;
    const probed = createServiceApp({
      service: 'probed',
      baseUrl: 'https://rg.example',
      logger,
      internalToken: token,
      readiness: {
        redis: async () => {
          checked += 1;
          throw new Error('down');
        },
      },
    });
    const live = await probed.inject('/internal/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true, service: 'probed' });
    expect(checked).toBe(0);
    expect((await probed.inject('/internal/health')).statusCode).toBe(503);
    await probed.close();
  });

  it('serves /metrics only for the Bearer token (the internal token when METRICS_TOKEN is unset), as a problem otherwise', async () => {
    for (const headers of [{}, internal, { authorization: 'Bearer wrong' }, { authorization: `Basic ${token}` }]) {
      const refused = await app.inject({ url: '/metrics', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.json()).toMatchObject({
        code: 'UNAUTHORIZED',
        hint: expect.stringContaining('docs/operations.md'),
      });
      expect(refused.body).not.toContain(token);
    }
    const allowed = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('with METRICS_TOKEN set, /metrics takes that token and no longer the internal one', async () => {
    const metricsToken = 'm'.repeat(32);
    const separate = createServiceApp({
      service: 'sep',
      baseUrl: 'https://rg.example',
      logger,
      internalToken: token,
      metricsToken,
    });
    expect((await separate.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      401,
    );
    expect(
      (await separate.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } })).statusCode,
    ).toBe(200);
    await separate.close();
  });

  it('counts requests by route pattern (not raw URL) and status, 401s and 404s included', async () => {
    await app.inject({ url: '/things/1', headers: internal });
    await app.inject({ url: '/things/2', headers: internal });
    await app.inject({ url: '/things/3' });
    await app.inject({ url: '/no/such/path', headers: internal });
    const scraped = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    const { samples } = parseExposition(scraped.body);
    const requests = samples.filter((s) => s.name === 'rankgate_http_requests_total');
    const count = (route: string, status: string) =>
      requests.find((s) => s.labels.route === route && s.labels.status === status)?.value;
    expect(count('/things/:id', '200')).toBe(2);
    expect(count('/things/:id', '401')).toBe(1);
    expect(count('unmatched', '404')).toBe(1);
    expect(requests.every((s) => s.labels.service === 'svc')).toBe(true);
    expect(requests.some((s) => s.labels.route?.includes('/things/1'))).toBe(false);
    expect(
      samples.some(
        (s) => s.name === 'rankgate_http_request_duration_seconds_bucket' && s.labels.route === '/things/:id',
      ),
    ).toBe(true);
  });
});

describe('W3C trace context', () => {
  const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

  it('parses valid traceparent values and rejects invalid ones', () => {
    expect(parseTraceparent(incoming)).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      parentSpanId: '00f067aa0ba902b7',
      flags: '01',
    });
    for (const bad of [
      undefined,
      '',
      'garbage',
      `${incoming}-extra`,
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
    ])
      expect(parseTraceparent(bad), String(bad)).toBeUndefined();
    // A future version may append fields.
    expect(parseTraceparent(`01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-abc`)?.traceId).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    );
    const started = continueOrStartTrace('garbage');
    expect(started.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(started.parentSpanId).toBeUndefined();
  });

  it("continues the caller's trace with a span of its own while the handler runs, and logs the trace id", async () => {
    logged.length = 0;
    const response = await app.inject({ url: '/things/7', headers: { ...internal, traceparent: incoming } });
    const sent = parseTraceparent((response.json() as { traceparent: string }).traceparent);
    expect(sent?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(sent?.parentSpanId).not.toBe('00f067aa0ba902b7');
    expect(sent?.flags).toBe('01');
    const line = logged
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'request completed' && l.url === '/things/7');
    expect(line?.trace_id).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('logs one info line per request at the edge; a service behind it logs the same request at debug', async () => {
    const edgeLines: string[] = [];
    const edge = createBaseApp({
      baseUrl: 'https://rg.example',
      logger: createLogger({
        service: 'edge',
        level: 'debug',
        destination: new Writable({
          write(c, _e, done) {
            edgeLines.push(String(c));
            done();
          },
        }),
      }),
    });
    edge.get('/ping', async () => ({ ok: true }));
    await edge.inject({ url: '/ping' });
    await edge.close();
    logged.length = 0;
    await app.inject({ url: '/things/10', headers: internal });
    const completed = (lines: string[]) =>
      lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request completed');
    expect(completed(edgeLines).map((l) => l.level)).toEqual(['info']);
    expect(completed(logged).map((l) => l.level)).toEqual(['debug']);
  });

  it('starts a trace when none (or an invalid one) comes in, and each request gets its own', async () => {
    const first = (
      await app.inject({ url: '/things/8', headers: { ...internal, traceparent: 'nonsense' } })
    ).json() as { traceparent: string };
    const second = (await app.inject({ url: '/things/9', headers: internal })).json() as { traceparent: string };
    expect(parseTraceparent(first.traceparent)).toBeDefined();
    expect(parseTraceparent(first.traceparent)?.traceId).not.toBe(parseTraceparent(second.traceparent)?.traceId);
  });
});

describe('the metrics listener (gateway METRICS_PORT)', () => {
  it('serves only /metrics, with the same Bearer rule, from the given registry', async () => {
    const metrics = createAppMetrics({ service: 'gateway', processMetrics: false });
    const publicApp = createBaseApp({ baseUrl: 'https://rg.example', logger, metrics });
    publicApp.get('/v1/search', async () => ({ ok: true }));
    await publicApp.inject('/v1/search');
    const metricsApp = createMetricsApp({ metrics, token, baseUrl: 'https://rg.example', logger });
    expect((await metricsApp.inject('/metrics')).statusCode).toBe(401);
    expect(
      (await metricsApp.inject({ url: '/v1/search', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(404);
    const scraped = await metricsApp.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    const sample = parseExposition(scraped.body).samples.find((s) => s.name === 'rankgate_http_requests_total');
    expect(sample).toMatchObject({
      labels: { service: 'gateway', route: '/v1/search', status: '200', method: 'GET' },
      value: 1,
    });
    // The public app itself has no /metrics.
    expect(
      (await publicApp.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(404);
    await Promise.all([publicApp.close(), metricsApp.close()]);
  });
});
