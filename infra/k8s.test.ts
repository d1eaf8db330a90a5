/**
 * Checks infra/k8s (Kustomize) without a cluster: every manifest parses; objects are checked
 * structurally for the kinds used here (no Kubernetes JSON schema is installed, so the fields this
 * deployment relies on are checked by hand) and against the workspace: each service has a
 * Deployment and a Service, env names exist in that service's zod env schema, ports are its config
 * defaults, probes hit routes the code serves, the image runs the Dockerfile's entry point, secrets
 * are referenced and never inline, and KEDA watches the BullMQ key the queue really writes.
 * Where `kubectl` is installed, `kubectl kustomize` builds each overlay and the same checks run on
 * the result.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import { PAGE_QUEUE_NAME } from '@rankgate/contracts';
import { BULLMQ_PREFIX, bullMqWaitKey } from '@rankgate/platform/queue';
import { describe, expect, it } from 'vitest';

import type { Manifest } from './testing/k8s-manifests.ts';
import { RANKGATE_SERVICES } from './testing/workspace.ts';
import {
  base,
  build,
  byKind,
  checkAgainstWorkspace,
  checkStructure,
  containerOf,
  dockerDefaultPrefix,
  documentsOf,
  envFromNames,
  hasKubectl,
  k8sDir,
  matches,
  named,
  quantity,
  read,
  root,
  yamlFiles,
} from './testing/k8s-manifests.ts';

describe('infra/k8s manifests', () => {
  it('parse: every YAML file, and every path a kustomization names exists', () => {
    const files = yamlFiles(k8sDir);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const documents = documentsOf(readFileSync(file, 'utf8'), relative(root, file));
      if (!file.endsWith('kustomization.yaml')) continue;
      const [kustomization = {}] = documents;
      expect(['Kustomization', 'Component']).toContain(kustomization.kind);
      const paths = [
        ...(kustomization.resources ?? []),
        ...(kustomization.components ?? []),
        ...(kustomization.patches ?? []).flatMap((p: Manifest) => (p.path ? [p.path] : [])),
      ];
      for (const path of paths)
        expect(existsSync(join(dirname(file), path)), `${relative(root, file)} names ${path}`).toBe(true);
    }
  });

  it('base: kinds, names, selectors, ports, probes, resources and references are well-formed', () => {
    checkStructure(base);
    expect(
      base.some((o) => o.metadata?.namespace !== undefined),
      'the base leaves the namespace to overlays',
    ).toBe(false);
  });

  it('base: each service matches the workspace (schema env names, default ports, probe routes, image entry point, secrets by reference)', () => {
    checkAgainstWorkspace(base, { imageName: /^rankgate$/ });
  });

  it('autoscaling: HPA on CPU for gateway and search with at least two replicas; KEDA scales ranking-worker on the BullMQ wait list', () => {
    for (const name of ['gateway', 'search']) {
      const hpa = named(base, 'HorizontalPodAutoscaler', name);
      expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa?.spec.metrics[0].resource.name).toBe('cpu');
    }
    expect(
      byKind(base, 'HorizontalPodAutoscaler')
        .map((h) => h.metadata.name)
        .sort(),
    ).toEqual(['gateway', 'search']);

    const scaled = named(base, 'ScaledObject', 'ranking-worker');
    expect(scaled?.spec.scaleTargetRef.name).toBe('ranking-worker');
    const [trigger] = scaled?.spec.triggers ?? [];
    expect(trigger.type).toBe('redis');
    expect(trigger.metadata.address).toBe(
      `${named(base, 'Service', 'redis')?.metadata.name}:${named(base, 'Service', 'redis')?.spec.ports[0].port}`,
    );
    // The key BullMQ writes: the code's prefix, then the queue name.
    expect(dockerDefaultPrefix).toBe(BULLMQ_PREFIX);
    const queue = /^([^]+):([\w-]+):wait$/.exec(trigger.metadata.listName);
    expect(queue?.[1]).toBe(BULLMQ_PREFIX);
    // The queue the search service produces page jobs on (the shared page-job contract).
    expect(queue?.[2]).toBe(PAGE_QUEUE_NAME);
    expect(trigger.metadata.listName).toBe(bullMqWaitKey(queue?.[2] ?? ''));
    expect(Number(trigger.metadata.listLength)).toBeGreaterThan(0);
    expect(scaled?.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
  });

  it('Redis: StatefulSet with a volume, AOF on, noeviction, maxmemory below the container limit', () => {
    const redis = named(base, 'StatefulSet', 'redis');
    expect(redis?.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
    const config = String(named(base, 'ConfigMap', 'redis-config')?.data['redis.conf']);
    expect(config).toMatch(/^appendonly yes$/m);
    expect(config).toMatch(/^maxmemory-policy noeviction$/m);
    const maxmemory = /^maxmemory (\d+)mb$/m.exec(config)?.[1];
    expect(Number(maxmemory) * 1024 ** 2).toBeLessThan(quantity(containerOf(redis ?? {}).resources.limits.memory));
    expect(named(base, 'ConfigMap', 'rankgate-redis')?.data.REDIS_URL).toBe('redis://redis:6379');
    // Compose runs the same major version.
    expect(containerOf(redis ?? {}).image).toBe(/image: (redis:\S+)/.exec(read('docker-compose.yml'))?.[1]);
  });

  it('NetworkPolicy: ingress is denied by default and admitted from anywhere to the gateway only', () => {
    const policies = byKind(base, 'NetworkPolicy');
    const denyAll = policies.find((p) => Object.keys(p.spec.podSelector ?? {}).length === 0 && !p.spec.ingress);
    expect(denyAll?.spec.policyTypes).toEqual(['Ingress']);
    const labelsOf = (name: string) =>
      named(base, 'Deployment', name)?.spec.template.metadata.labels ??
      named(base, 'StatefulSet', name)?.spec.template.metadata.labels;
    const selects = (policy: Manifest, labels: Record<string, string>): boolean => {
      const selector = policy.spec.podSelector ?? {};
      const byLabels = matches(selector.matchLabels ?? {}, labels);
      const byExpressions = (selector.matchExpressions ?? []).every(
        (e: Manifest) => e.operator === 'In' && e.values.includes(labels[e.key]),
      );
      return byLabels && byExpressions;
    };
    for (const name of [...RANKGATE_SERVICES, 'redis']) {
      const open = policies
        .filter((p) => selects(p, labelsOf(name) ?? {}))
        .flatMap((p) => p.spec.ingress ?? [])
        .filter((rule: Manifest) => !rule.from);
      expect(open.length > 0, `${name} admits ingress from anywhere`).toBe(name === 'gateway');
    }
    // Services take calls from the gateway's pods.
    const fromGateway = policies.find((p) => p.metadata.name === 'services-from-gateway');
    for (const name of ['search', 'auth-server', 'mcp'])
      expect(selects(fromGateway ?? {}, labelsOf(name) ?? {}), name).toBe(true);
    expect(fromGateway?.spec.ingress[0].from[0].podSelector.matchLabels).toEqual(labelsOf('gateway'));
  });
});

// ---------------------------------------------------------------------------------------------
// The built overlays, where kubectl (with its kustomize) is installed.
// ---------------------------------------------------------------------------------------------

describe.runIf(hasKubectl)('infra/k8s overlays built with `kubectl kustomize`', () => {
  it('overlays/example: namespaced, the image set, BASE_URL patched, and every check above still holds', () => {
    const objects = build('example');
    checkStructure(objects);
    checkAgainstWorkspace(objects, { imageName: /^registry\.example\.com\/rankgate:0\.1\.0$/ });
    for (const object of objects.filter((o) => o.kind !== 'Namespace'))
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe('rankgate');
    expect(named(objects, 'ConfigMap', 'rankgate-common')?.data).toMatchObject({
      BASE_URL: 'https://search.example.org',
      HOST: '0.0.0.0',
    });
    expect(named(objects, 'StatefulSet', 'redis')).toBeDefined();
  });

  it('overlays/external-redis: no in-cluster Redis; REDIS_URL from the Secret wherever it is read; KEDA authenticates', () => {
    const objects = build('external-redis');
    checkStructure(objects);
    checkAgainstWorkspace(objects, { imageName: /^registry\.example\.com\/rankgate:0\.1\.0$/ });
    expect(byKind(objects, 'StatefulSet')).toEqual([]);
    expect(named(objects, 'Service', 'redis')).toBeUndefined();
    for (const name of RANKGATE_SERVICES) {
      const container = containerOf(named(objects, 'Deployment', name) ?? {});
      const fromConfigMap = envFromNames(container, objects).includes('REDIS_URL');
      if (!fromConfigMap) continue;
      // `env` wins over `envFrom`, so the Secret's URL is the one the process sees.
      expect(
        (container.env ?? []).find((e: Manifest) => e.name === 'REDIS_URL')?.valueFrom?.secretKeyRef,
        name,
      ).toEqual({ name: 'rankgate-secrets', key: 'REDIS_URL' });
    }
    const [trigger] = named(objects, 'ScaledObject', 'ranking-worker')?.spec.triggers ?? [];
    expect(trigger.authenticationRef.name).toBe('rankgate-redis');
    expect(trigger.metadata.listName).toBe(bullMqWaitKey(PAGE_QUEUE_NAME));
  });
});
