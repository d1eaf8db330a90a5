/**
 * The manifest checks of infra/k8s.test.ts: parsing (YAML errors and warnings fail), the
 * kustomization tree, structural checks for the kinds this deployment uses, and checks against the
 * workspace (env schemas, default ports, probe routes, the image's entry point, the BullMQ keys).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { LIVENESS_PATH, READINESS_PATH } from '@rankgate/platform/http';
import { expect } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

import { accepts, defaultPort, RANKGATE_SERVICES, type RankgateService, variablesOf } from './workspace.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const k8sDir = join(root, 'infra/k8s');
export const read = (path: string): string => readFileSync(join(root, path), 'utf8');

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are untyped YAML, checked field by field below */
export type Manifest = Record<string, any>;

export const yamlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return entry.endsWith('.yaml') ? [path] : [];
  });

/** Every document of a file, failing on YAML errors and warnings (duplicate keys, bad anchors). */
export function documentsOf(text: string, name: string): Manifest[] {
  return parseAllDocuments(text)
    .map((document) => {
      expect(
        document.errors.map((e) => e.message),
        name,
      ).toEqual([]);
      expect(
        document.warnings.map((e) => e.message),
        name,
      ).toEqual([]);
      return document.toJS() as Manifest;
    })
    .filter((document) => document !== null);
}

/** The objects a kustomization's `resources` files declare (directories are other kustomizations). */
export function resourcesOf(kustomizationDir: string): Manifest[] {
  const kustomization = parse(readFileSync(join(kustomizationDir, 'kustomization.yaml'), 'utf8')) as {
    resources?: string[];
  };
  return (kustomization.resources ?? []).flatMap((resource) => {
    const path = join(kustomizationDir, resource);
    return statSync(path).isDirectory()
      ? resourcesOf(path)
      : documentsOf(readFileSync(path, 'utf8'), relative(root, path));
  });
}

export const base = resourcesOf(join(k8sDir, 'base'));

// ---------------------------------------------------------------------------------------------
// Structural checks, for the kinds this deployment uses.
// ---------------------------------------------------------------------------------------------

export const KINDS: Record<string, string> = {
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  Service: 'v1',
  ConfigMap: 'v1',
  Namespace: 'v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  PodDisruptionBudget: 'policy/v1',
  NetworkPolicy: 'networking.k8s.io/v1',
  ScaledObject: 'keda.sh/v1alpha1',
  TriggerAuthentication: 'keda.sh/v1alpha1',
};
export const DNS_1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
export const PORT_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** cpu `250m` → 0.25; memory `192Mi` → bytes. */
export function quantity(value: string | number): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|k|M|G)?$/.exec(String(value));
  if (!match) throw new Error(`not a quantity: ${value}`);
  const factor = { m: 0.001, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, k: 1e3, M: 1e6, G: 1e9 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * factor;
}

export const matches = (selector: Record<string, string>, labels: Record<string, string>): boolean =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

export const byKind = (objects: Manifest[], kind: string): Manifest[] => objects.filter((o) => o.kind === kind);
export const named = (objects: Manifest[], kind: string, name: string): Manifest | undefined =>
  byKind(objects, kind).find((o) => o.metadata?.name === name);
export const containerOf = (workload: Manifest): Manifest => workload.spec?.template?.spec?.containers?.[0] ?? {};
export const envNames = (container: Manifest): string[] => (container.env ?? []).map((e: Manifest) => e.name as string);

/** Env variables a container gets from its ConfigMaps (envFrom), resolved against `objects`. */
export function envFromNames(container: Manifest, objects: Manifest[]): string[] {
  return (container.envFrom ?? []).flatMap((source: Manifest) => {
    const map = named(objects, 'ConfigMap', source.configMapRef?.name);
    expect(map, `ConfigMap ${source.configMapRef?.name}`).toBeDefined();
    return Object.keys(map?.data ?? {});
  });
}

export function checkStructure(objects: Manifest[]): void {
  for (const object of objects) {
    const where = `${object.kind}/${object.metadata?.name}`;
    expect(KINDS[object.kind], `${where}: a kind this test knows`).toBeDefined();
    expect(object.apiVersion, where).toBe(KINDS[object.kind]);
    expect(object.metadata?.name, where).toMatch(DNS_1123);
    expect(object.metadata?.labels?.['app.kubernetes.io/part-of'], `${where} is labelled part-of rankgate`).toBe(
      'rankgate',
    );
  }
  const keys = objects.map((o) => `${o.kind}/${o.metadata?.name}`);
  expect(keys.length, 'no object declared twice').toBe(new Set(keys).size);

  for (const workload of [...byKind(objects, 'Deployment'), ...byKind(objects, 'StatefulSet')]) {
    const where = `${workload.kind}/${workload.metadata.name}`;
    const selector = workload.spec?.selector?.matchLabels ?? {};
    expect(Object.keys(selector).length, `${where} selector`).toBeGreaterThan(0);
    expect(
      matches(selector, workload.spec?.template?.metadata?.labels ?? {}),
      `${where}: selector matches the pod labels`,
    ).toBe(true);
    const containers: Manifest[] = workload.spec?.template?.spec?.containers ?? [];
    expect(containers, where).toHaveLength(1);
    const [container = {}] = containers;
    const ports: Manifest[] = container.ports ?? [];
    for (const port of ports) {
      expect(port.name, where).toMatch(PORT_NAME);
      expect(port.name.length, `${where} port name <= 15 chars`).toBeLessThanOrEqual(15);
      expect(Number.isInteger(port.containerPort), where).toBe(true);
    }
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      const target = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
      if (typeof target === 'string')
        expect(
          ports.map((p) => p.name),
          `${where} ${probe} port`,
        ).toContain(target);
    }
    expect(container.livenessProbe, `${where} liveness`).toBeDefined();
    expect(container.readinessProbe, `${where} readiness`).toBeDefined();
    const { requests = {}, limits = {} } = container.resources ?? {};
    for (const resource of ['cpu', 'memory']) {
      expect(requests[resource], `${where} requests ${resource}`).toBeDefined();
      expect(limits[resource], `${where} limits ${resource}`).toBeDefined();
      expect(quantity(requests[resource]), `${where} ${resource} request <= limit`).toBeLessThanOrEqual(
        quantity(limits[resource]),
      );
    }
    for (const env of container.env ?? []) {
      expect(typeof env.name, where).toBe('string');
      expect('value' in env !== 'valueFrom' in env, `${where} ${env.name}: value xor valueFrom`).toBe(true);
      if ('value' in env) expect(typeof env.value, `${where} ${env.name} value is a string`).toBe('string');
    }
    expect(workload.spec?.template?.spec?.securityContext?.runAsNonRoot, `${where} runs as non-root`).toBe(true);
  }

  for (const service of byKind(objects, 'Service')) {
    const where = `Service/${service.metadata.name}`;
    const pods = [...byKind(objects, 'Deployment'), ...byKind(objects, 'StatefulSet')].filter((w) =>
      matches(service.spec?.selector ?? {}, w.spec?.template?.metadata?.labels ?? {}),
    );
    expect(
      pods.map((w) => w.metadata.name),
      `${where} selects exactly one workload`,
    ).toHaveLength(1);
    const containerPorts: Manifest[] = containerOf(pods[0] ?? {}).ports ?? [];
    for (const port of service.spec?.ports ?? []) {
      const target = containerPorts.find((p) => p.name === port.targetPort || p.containerPort === port.targetPort);
      expect(target, `${where} targetPort ${port.targetPort}`).toBeDefined();
      expect(port.port, `${where} port = container port`).toBe(target?.containerPort);
    }
  }

  for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
    const ref = hpa.spec?.scaleTargetRef ?? {};
    expect(named(objects, ref.kind, ref.name), `HPA ${hpa.metadata.name} target`).toBeDefined();
    expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    expect(hpa.spec.metrics?.length).toBeGreaterThan(0);
  }

  for (const pdb of byKind(objects, 'PodDisruptionBudget')) {
    expect(
      'minAvailable' in pdb.spec !== 'maxUnavailable' in pdb.spec,
      `PDB ${pdb.metadata.name}: one of minAvailable, maxUnavailable`,
    ).toBe(true);
    const selected = byKind(objects, 'Deployment').filter((d) =>
      matches(pdb.spec.selector?.matchLabels ?? {}, d.spec.template.metadata.labels),
    );
    expect(selected, `PDB ${pdb.metadata.name} selects one Deployment`).toHaveLength(1);
  }

  for (const scaled of byKind(objects, 'ScaledObject')) {
    expect(
      named(objects, 'Deployment', scaled.spec?.scaleTargetRef?.name),
      `ScaledObject ${scaled.metadata.name} target`,
    ).toBeDefined();
    for (const trigger of scaled.spec?.triggers ?? []) {
      const authentication = trigger.authenticationRef?.name;
      if (authentication)
        expect(
          named(objects, 'TriggerAuthentication', authentication),
          `TriggerAuthentication ${authentication}`,
        ).toBeDefined();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Checks against the workspace.
// ---------------------------------------------------------------------------------------------

export const SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|REDIS_URL$/;
/** The gateway's own health route (gateway/src/routes/health.ts). */
export const gatewayHealthPath = /app\.get\('([^']+)'/.exec(read('gateway/src/routes/health.ts'))?.[1];
export const entrypointServices = [...read('infra/docker-entrypoint.sh').matchAll(/^\s*([a-z-]+)\)\s+entry=/gm)].map(
  (m) => m[1],
);
export const dockerUser = /^USER\s+(\S+)/m.exec(read('infra/Dockerfile'))?.[1];
export const dockerDefaultPrefix = /const DEFAULT_PREFIX = '([^']+)'/.exec(
  read('shared/platform/src/queue/bullmq-queue.ts'),
)?.[1];

/** Queue names the code defines (`JobQueueDefinition` objects), if deep mode has landed. */
export function checkAgainstWorkspace(objects: Manifest[], { imageName }: { imageName: RegExp }): void {
  expect(byKind(objects, 'Secret'), 'no Secret object: secrets are created out of band and referenced').toEqual([]);
  for (const name of RANKGATE_SERVICES) {
    const deployment = named(objects, 'Deployment', name);
    expect(deployment, `Deployment ${name}`).toBeDefined();
    expect(named(objects, 'Service', name), `Service ${name}`).toBeDefined();
    expect(named(objects, 'PodDisruptionBudget', name), `PodDisruptionBudget ${name}`).toBeDefined();
    const container = containerOf(deployment ?? {});
    const where = `Deployment ${name}`;

    // The image: one image for all five, its ENTRYPOINT picks the service from SERVICE.
    expect(container.image, `${where} image`).toMatch(imageName);
    expect(container.command, `${where} keeps the Dockerfile's ENTRYPOINT`).toBeUndefined();
    expect(container.args, `${where} keeps the Dockerfile's ENTRYPOINT`).toBeUndefined();
    expect((container.env ?? []).find((e: Manifest) => e.name === 'SERVICE')?.value, `${where} SERVICE`).toBe(name);
    expect(entrypointServices, `docker-entrypoint.sh knows ${name}`).toContain(name);
    expect(
      deployment?.spec.template.spec.securityContext.runAsUser,
      `${where} runs as the image's USER ${dockerUser}`,
    ).toBe(1000);
    expect(dockerUser).toBe('node');
    // Read-only root: temporary files go to /tmp, which must be a volume.
    if (container.securityContext?.readOnlyRootFilesystem) {
      expect(
        (container.volumeMounts ?? []).map((m: Manifest) => m.mountPath),
        `${where} mounts /tmp`,
      ).toContain('/tmp');
    }

    // Every variable it gets is one its env schema reads (or the image's, or an open issue's).
    const names = [...envNames(container), ...envFromNames(container, objects)];
    for (const variable of names)
      expect(accepts(name, variable), `${where}: ${variable} is read by nothing`).toBe(true);
    for (const env of container.env ?? []) {
      if (SECRET_NAME.test(env.name) && env.name !== 'GATEWAY_URL') {
        expect(env.value, `${where}: ${env.name} must come from a Secret, not a literal`).toBeUndefined();
        if (env.valueFrom)
          expect(env.valueFrom.secretKeyRef?.name, `${where}: ${env.name} from rankgate-secrets`).toBe(
            'rankgate-secrets',
          );
      }
    }
    const token = (container.env ?? []).find((e: Manifest) => e.name === 'INTERNAL_TOKEN');
    expect(token?.valueFrom?.secretKeyRef, `${where} INTERNAL_TOKEN is a required secret`).toMatchObject({
      name: 'rankgate-secrets',
      key: 'INTERNAL_TOKEN',
    });
    expect(token?.valueFrom?.secretKeyRef?.optional ?? false).toBe(false);
    for (const map of byKind(objects, 'ConfigMap')) {
      for (const key of Object.keys(map.data ?? {}))
        expect(SECRET_NAME.test(key) && key !== 'REDIS_URL', `ConfigMap ${map.metadata.name} holds ${key}`).toBe(false);
    }

    // Ports are the service's config defaults; probes hit the routes the code serves.
    const http = (container.ports ?? []).find((p: Manifest) => p.name === 'http');
    expect(http?.containerPort, `${where} listens on its default port`).toBe(defaultPort(name as RankgateService));
    const liveness = name === 'gateway' ? gatewayHealthPath : LIVENESS_PATH;
    const readiness = name === 'gateway' ? gatewayHealthPath : READINESS_PATH;
    expect(container.livenessProbe?.httpGet, `${where} liveness`).toEqual({ path: liveness, port: 'http' });
    expect(container.readinessProbe?.httpGet, `${where} readiness`).toEqual({ path: readiness, port: 'http' });
    expect(container.startupProbe?.httpGet?.path, `${where} startup`).toBe(liveness);

    // Graceful rollouts: no capacity gap, and the grace period covers preStop plus the drain.
    const shutdownMs = Number(named(objects, 'ConfigMap', 'rankgate-common')?.data?.SHUTDOWN_TIMEOUT_MS ?? 10_000);
    const preStop = container.lifecycle?.preStop?.exec?.command ?? [];
    expect(preStop[0], `${where} preStop sleeps`).toBe('sleep');
    expect(deployment?.spec.template.spec.terminationGracePeriodSeconds, `${where} grace period`).toBeGreaterThan(
      Number(preStop[1]) + shutdownMs / 1000,
    );
    expect(deployment?.spec.strategy?.rollingUpdate?.maxUnavailable, `${where} maxUnavailable`).toBe(0);
  }
  // The gateway's metrics listener: its own container port, not routed by its Service.
  const gateway = containerOf(named(objects, 'Deployment', 'gateway') ?? {});
  const metricsPort = Number((gateway.env ?? []).find((e: Manifest) => e.name === 'METRICS_PORT')?.value);
  expect((gateway.ports ?? []).find((p: Manifest) => p.name === 'metrics')?.containerPort).toBe(metricsPort);
  expect(variablesOf('gateway').has('METRICS_PORT')).toBe(true);
  expect((named(objects, 'Service', 'gateway')?.spec.ports ?? []).map((p: Manifest) => p.targetPort)).toEqual(['http']);
}

export const hasKubectl =
  spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore', timeout: 20_000 }).status === 0;

export function build(overlay: string): Manifest[] {
  const result = spawnSync('kubectl', ['kustomize', join(k8sDir, 'overlays', overlay)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return documentsOf(result.stdout, `kubectl kustomize overlays/${overlay}`);
}
