import { describe, expect, it } from 'vitest';
import type { ImportGraph, Workspace } from './import-graph.ts';
import { checkLayers, stronglyConnected } from './check-layers.ts';

const workspace = (
  dir: string,
  name: string,
  dependencies: string[] = [],
  exports: Record<string, string> = { '.': './src/index.ts' },
): Workspace => ({
  dir,
  name,
  exports,
  dependencies: Object.fromEntries(dependencies.map((d) => [d, '0.1.0'])),
  devDependencies: {},
});

const WORKSPACES = [
  workspace('shared/contracts', '@rankgate/contracts'),
  workspace('shared/platform', '@rankgate/platform', ['@rankgate/contracts'], {
    './http': './src/http/index.ts',
    './testing/stores': './src/testing/stores.ts',
  }),
  workspace('shared/ranking', '@rankgate/ranking', ['@rankgate/contracts', '@rankgate/platform']),
  workspace('services/search', '@rankgate/search', ['@rankgate/contracts', '@rankgate/platform', '@rankgate/ranking']),
];

/** A graph from `file -> [package specifiers]`; every specifier here names a package, so no file has to exist. */
function graphOf(edges: Record<string, string[]>): ImportGraph {
  const imports = new Map(
    Object.entries(edges).map(([file, specifiers]) => [
      file,
      specifiers.map((specifier) => {
        const [scope, name, ...rest] = specifier.split('/');
        const w = WORKSPACES.find((x) => x.name === `${scope}/${name}`);
        const entry = w?.exports[rest.length ? `./${rest.join('/')}` : '.'];
        return {
          specifier,
          target: w ? (entry ? `${w.dir}/${entry.slice(2)}` : `${w.dir}/<not exported: ${specifier}>`) : undefined,
        };
      }),
    ]),
  );
  return { root: '/nowhere', files: Object.keys(edges), imports, workspaces: WORKSPACES };
}

describe('the layer check', () => {
  it('accepts imports that point down the layers', () => {
    expect(
      checkLayers(
        graphOf({
          'services/search/src/app.ts': [
            '@rankgate/ranking',
            '@rankgate/platform/http',
            '@rankgate/contracts',
            'fastify',
          ],
          'shared/ranking/src/index.ts': ['@rankgate/contracts'],
          'shared/contracts/src/index.ts': ['zod'],
        }),
      ),
    ).toEqual([]);
  });

  it('names a lower layer importing a higher one, an undeclared package and a deep import', () => {
    const problems = checkLayers(
      graphOf({
        'shared/platform/src/http/index.ts': ['@rankgate/ranking'],
        'shared/ranking/src/index.ts': ['@rankgate/platform/src/http/app.ts'],
      }),
    );
    expect(problems).toContain(
      'shared/platform/src/http/index.ts: @rankgate/platform may not import @rankgate/ranking (layers: contracts ← platform ← ranking ← services)',
    );
    expect(problems).toContain(
      'shared/platform/src/http/index.ts: imports @rankgate/ranking, which shared/platform/package.json does not list',
    );
    expect(problems.some((p) => p.includes('is not an entry point'))).toBe(true);
  });

  it('keeps test doubles out of production code but lets tests use them', () => {
    const problems = checkLayers(
      graphOf({
        'services/search/src/app.ts': ['@rankgate/platform/testing/stores'],
        'services/search/src/app.test.ts': ['@rankgate/platform/testing/stores'],
      }),
    );
    expect(problems).toEqual([
      'services/search/src/app.ts: imports the test double @rankgate/platform/testing/stores; production code may not (tests and tooling only)',
    ]);
  });

  it('keeps contracts free of runtime dependencies other than zod, and flags the retired @rankgate/shared', () => {
    const problems = checkLayers(
      graphOf({ 'shared/contracts/src/index.ts': ['pino'], 'services/search/src/x.ts': ['@rankgate/shared/http'] }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/depends on zod only, not pino/);
    expect(problems[1]).toMatch(/@rankgate\/shared\/http is gone/);
  });

  it('finds loops, however long, and nothing in a tree', () => {
    const edges: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'] };
    expect(stronglyConnected(Object.keys(edges), (n) => edges[n] ?? [])).toEqual([['a', 'b', 'c']]);
    expect(stronglyConnected(['x', 'y'], (n) => (n === 'x' ? ['y'] : []))).toEqual([]);
  });
});
