/**
 * `npm run lint:layers`: the package layers point one way and nothing imports in a circle.
 *
 * contracts ← platform ← ranking ← services (and the gateway) ← e2e; root tooling (scripts/, bin/) may use any of them,
 * scripts also a service's modules by path. Cross-package imports name the package, never a path into it. Test doubles
 * (`testing/` folders, `@rankgate/<pkg>/testing/...`) are for tests and tooling only. No cycles between files, nor
 * between
 * the top-level folders of a shared package. `@rankgate/contracts` depends on zod only.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportGraph, Workspace } from './import-graph.ts';
import { fileExists, readImportGraph, workspaceOf } from './import-graph.ts';

/** Lower layers never import higher ones. */
export const LAYERS: Record<string, number> = {
  '@rankgate/contracts': 0,
  '@rankgate/platform': 1,
  '@rankgate/ranking': 2,
  '@rankgate/search': 3,
  '@rankgate/ranking-worker': 3,
  '@rankgate/auth-server': 3,
  '@rankgate/mcp': 3,
  '@rankgate/gateway': 3,
  '@rankgate/e2e': 4,
};
const CONTRACTS_RUNTIME = new Set(['zod']);

const isTest = (file: string) => /\.test\.ts$/.test(file) || /(^|\/)testing\//.test(file);
const isTooling = (file: string) => /^(scripts|bin|infra)\//.test(file) || !file.includes('/');
const isTestDouble = (target: string) => /(^|\/)testing\//.test(target);

export function checkLayers(graph: ImportGraph): string[] {
  const problems: string[] = [];
  const { workspaces } = graph;
  const layerOf = (w: Workspace | undefined) => (w ? (LAYERS[w.name] ?? 3) : 5);
  for (const [file, edges] of graph.imports) {
    const from = workspaceOf(workspaces, file);
    for (const { specifier, target } of edges) {
      if (specifier === '@rankgate/shared' || specifier.startsWith('@rankgate/shared/')) {
        problems.push(
          `${file}: ${specifier} is gone; import @rankgate/contracts, @rankgate/platform or @rankgate/ranking`,
        );
        continue;
      }
      if (
        from?.name === '@rankgate/contracts' &&
        !specifier.startsWith('.') &&
        !specifier.startsWith('node:') &&
        !CONTRACTS_RUNTIME.has(specifier) &&
        !isTest(file)
      ) {
        problems.push(`${file}: @rankgate/contracts depends on zod only, not ${specifier}`);
      }
      if (!target) continue;
      if (target.includes('<not exported')) {
        problems.push(`${file}: ${specifier} is not an entry point of its package (see its package.json exports)`);
        continue;
      }
      if (specifier.startsWith('.') && !fileExists(graph, target))
        problems.push(`${file}: ${specifier} does not exist`);
      const to = workspaceOf(workspaces, target);
      if (isTestDouble(target) && !isTest(file) && !/^(scripts|e2e)\//.test(file)) {
        problems.push(
          `${file}: imports the test double ${specifier}; production code may not (tests and tooling only)`,
        );
      }
      if (to === from) continue;
      if (isTooling(file)) continue;
      // The build version is the root package.json's; e2e drives the topology through bin/.
      if (!to && (target === 'package.json' || from?.name === '@rankgate/e2e')) continue;
      if (!to) {
        problems.push(`${file}: imports ${specifier} from root tooling; packages never depend on scripts/ or bin/`);
        continue;
      }
      if (specifier.startsWith('.')) {
        problems.push(`${file}: reaches into ${to.name} by path (${specifier}); import the package by name`);
        continue;
      }
      if (layerOf(to) >= layerOf(from)) {
        problems.push(
          `${file}: ${from?.name} may not import ${to.name} (layers: contracts ← platform ← ranking ← services)`,
        );
      }
      if (from && !(to.name in from.dependencies) && !(isTest(file) && to.name in from.devDependencies)) {
        problems.push(`${file}: imports ${to.name}, which ${from.dir}/package.json does not list`);
      }
    }
  }
  problems.push(...findCycles(graph));
  return problems;
}

/** Strongly connected components of more than one node (Tarjan), as readable loops. */
export function stronglyConnected(nodes: string[], next: (node: string) => string[]): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    const lowOf = (n: string) => low.get(n) ?? Infinity;
    for (const other of next(node)) {
      if (!order.has(other)) {
        visit(other);
        low.set(node, Math.min(lowOf(node), lowOf(other)));
      } else if (onStack.has(other)) low.set(node, Math.min(lowOf(node), order.get(other) ?? Infinity));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.reverse());
    }
  };
  for (const node of nodes) if (!order.has(node)) visit(node);
  return found;
}

function findCycles(graph: ImportGraph): string[] {
  const local = (file: string) =>
    (graph.imports.get(file) ?? []).flatMap((e) => (e.target && graph.imports.has(e.target) ? [e.target] : []));
  const problems = stronglyConnected(graph.files, local).map(
    (loop) => `import cycle between files: ${loop.join(' → ')}`,
  );
  // Folders of one shared package (src/<folder>/...) must form a hierarchy too.
  for (const workspace of graph.workspaces.filter((w) => w.dir.startsWith('shared/'))) {
    const folderOf = (file: string) =>
      file
        .slice(workspace.dir.length + 1)
        .split('/')
        .slice(0, 2)
        .join('/');
    const mine = graph.files.filter((f) => f.startsWith(`${workspace.dir}/src/`) && !isTest(f));
    const edges = new Map<string, Set<string>>();
    for (const file of mine) {
      const set = edges.get(folderOf(file)) ?? new Set<string>();
      edges.set(folderOf(file), set);
      for (const target of local(file)) {
        if (target.startsWith(`${workspace.dir}/src/`) && !isTest(target) && folderOf(target) !== folderOf(file))
          set.add(folderOf(target));
      }
    }
    for (const loop of stronglyConnected([...edges.keys()], (f) => [...(edges.get(f) ?? [])])) {
      problems.push(`import cycle between folders of ${workspace.name}: ${loop.join(' → ')}`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));
  const problems = checkLayers(readImportGraph(root));
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`\n${problems.length} layer problem(s).`);
    process.exit(1);
  }
  console.log('layers: contracts ← platform ← ranking ← services; no cycles.');
}
