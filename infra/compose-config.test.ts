/**
 * docker-compose.yml against each service's configuration: every variable compose sets is one the
 * service's env schema reads, required settings are set, and .env.example agrees with the defaults.
 * The compose file's own structure: infra/compose.test.ts.
 */

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { CHANGEME_SECRETS } from '../scripts/docs/render-docs.ts';
import { accepts, RANKGATE_SERVICES, schemaAccepts, variablesOf } from './testing/workspace.ts';
import {
  dependenciesOf,
  envOf,
  interpolate,
  read,
  services,
  withoutPending,
  written,
} from './testing/compose-and-image.ts';

const envExample = read('.env.example');
/** Uncommented `KEY=value` lines of .env.example (what compose reads from a copied .env). */
const envExampleSet = Object.fromEntries(
  [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]),
);

describe("docker-compose.yml against the services' configuration", () => {
  it("sets on each Rankgate service only variables its env schema reads (or the image, or an open issue's)", () => {
    for (const name of RANKGATE_SERVICES) {
      for (const variable of Object.keys(envOf(services[name] ?? {})))
        expect(accepts(name, variable), `${name}: ${variable} is read by nothing`).toBe(true);
    }
  });

  it('.env.example sets exactly the CHANGEME secrets, and every process that reads one refuses the placeholder', () => {
    expect(envExampleSet).toEqual(Object.fromEntries(CHANGEME_SECRETS.map((name) => [name, 'CHANGEME'])));
    for (const secret of CHANGEME_SECRETS) {
      const readers = RANKGATE_SERVICES.filter((name) => variablesOf(name).has(secret));
      expect(readers.length, `${secret} is read by some service`).toBeGreaterThan(0);
      for (const name of readers)
        expect(schemaAccepts(name, { [secret]: 'CHANGEME' }), `${name} starts with ${secret}=CHANGEME`).toBe(false);
      // ... and compose passes it from .env to them.
      for (const name of readers)
        expect(Object.keys(envOf(written.services[name] ?? {})), `${name} gets ${secret}`).toContain(secret);
    }
    // With every CHANGEME replaced, the compose deployment starts (as far as configuration goes).
    const replaced = interpolate(written, Object.fromEntries(CHANGEME_SECRETS.map((name) => [name, 'r'.repeat(40)])));
    for (const name of RANKGATE_SERVICES)
      expect(schemaAccepts(name, withoutPending(name, envOf(replaced.services[name] ?? {}))), name).toBe(true);
  });

  it('scales ranking-worker with --scale: no container_name, hostname, published port or host mount on it', () => {
    const worker = services['ranking-worker'] ?? {};
    expect(worker.container_name).toBeUndefined();
    expect(worker.hostname).toBeUndefined();
    expect(worker.ports ?? []).toEqual([]);
    expect(worker.volumes ?? []).toEqual([]);
    expect(worker.deploy?.replicas).toBe(1);
  });

  it('gives the gateway a metrics port on the internal network only, and every process METRICS_TOKEN', () => {
    const gateway = envOf(services.gateway ?? {});
    expect(Number(gateway.METRICS_PORT)).toBeGreaterThan(0);
    expect(gateway.METRICS_PORT).not.toBe(gateway.PORT);
    expect(JSON.stringify(services.gateway?.ports)).not.toContain(gateway.METRICS_PORT);
    for (const name of RANKGATE_SERVICES)
      expect(envOf(written.services[name] ?? {}).METRICS_TOKEN, name).toBe('${METRICS_TOKEN:-}');
  });

  it('profile searxng: SearXNG with the JSON format on, where SEARXNG_URL=http://searxng:8080 finds it', () => {
    const searxng = services.searxng ?? {};
    const mount = (searxng.volumes ?? [])
      .map(String)
      .find((volume) => volume.endsWith(':/etc/searxng/settings.yml:ro'));
    expect(mount).toBeDefined();
    const settings = parse(read((mount ?? '').split(':')[0] ?? '')) as {
      use_default_settings?: boolean;
      search?: { formats?: string[] };
      server?: { limiter?: boolean };
    };
    expect(settings.use_default_settings).toBe(true);
    expect(settings.search?.formats).toContain('json');
    expect(settings.server?.limiter).toBe(false);
    expect(searxng.image).toMatch(/^searxng\/searxng:\d{4}\.\d+\.\d+-[0-9a-f]+$/);
    // The documented switch is a valid search configuration that points at this container's port.
    const documented = { DISCOVER_PROVIDER: 'searxng', SEARXNG_URL: 'http://searxng:8080' };
    expect(envExample).toContain('DISCOVER_PROVIDER=searxng, SEARXNG_URL=http://searxng:8080');
    expect(schemaAccepts('search', documented)).toBe(true);
    expect(searxng.healthcheck?.test).toContain('http://127.0.0.1:8080/healthz');
  });

  it('profile ollama: a local OpenAI-compatible judge, its model pulled once, reachable at JUDGE_BASE_URL=http://ollama:11434/v1', () => {
    const ollama = services.ollama ?? {};
    expect(ollama.image).toMatch(/^ollama\/ollama:\d+\.\d+\.\d+$/);
    expect(envOf(ollama).OLLAMA_HOST).toBe('0.0.0.0:11434');
    expect(ollama.volumes).toContain('ollama-data:/root/.ollama');
    const pull = services['ollama-pull'] ?? {};
    expect(pull.image).toBe(ollama.image);
    expect(envOf(pull).OLLAMA_HOST).toBe('ollama:11434');
    expect(dependenciesOf(pull)).toEqual({ ollama: 'service_healthy' });
    // The model pulled is the judge's model.
    expect(written.services['ollama-pull']?.command).toEqual(['pull', '${JUDGE_MODEL:-qwen2.5:1.5b}']);
    expect(interpolate(written, { JUDGE_MODEL: 'llama3.2:3b' }).services['ollama-pull']?.command).toEqual([
      'pull',
      'llama3.2:3b',
    ]);
    const documented = { JUDGE: 'openai', JUDGE_BASE_URL: 'http://ollama:11434/v1', JUDGE_MODEL: 'qwen2.5:1.5b' };
    expect(envExample).toContain('JUDGE=openai, JUDGE_BASE_URL=http://ollama:11434/v1');
    expect(schemaAccepts('search', documented)).toBe(true);
    expect(schemaAccepts('search', { JUDGE: 'openai' }), 'JUDGE=openai without its URL and model is refused').toBe(
      false,
    );
  });
});
