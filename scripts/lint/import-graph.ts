/**
 * The repository's import graph, read with TypeScript's pre-processor (no type checking, so it takes a second):
 * every `.ts` file outside node_modules, with the files and packages each one imports.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Workspace {
  /** Folder relative to the repository root, e.g. `shared/platform`. */
  dir: string;
  name: string;
  exports: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

interface ImportEdge {
  specifier: string;
  /** Repository-relative file the specifier resolves to; undefined for npm packages and node builtins. */
  target?: string;
}

export interface ImportGraph {
  root: string;
  files: string[];
  imports: Map<string, ImportEdge[]>;
  workspaces: Workspace[];
}

const SKIP = new Set(['node_modules', '.git', 'coverage', '.bench', '.artifacts', 'site']);

function listTs(root: string, dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listTs(root, rel));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function readWorkspaces(root: string): Workspace[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  return manifest.workspaces.map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Partial<Workspace>;
    return {
      dir,
      name: pkg.name ?? dir,
      exports: pkg.exports ?? {},
      dependencies: pkg.dependencies ?? {},
      devDependencies: pkg.devDependencies ?? {},
    };
  });
}

/** The workspace a repository-relative file belongs to (undefined: root tooling such as scripts/ and bin/). */
export const workspaceOf = (workspaces: Workspace[], file: string): Workspace | undefined =>
  workspaces.find((w) => file.startsWith(`${w.dir}/`));

export function readImportGraph(root: string): ImportGraph {
  const workspaces = readWorkspaces(root);
  const byName = new Map(workspaces.map((w) => [w.name, w]));
  const files = listTs(root);
  const imports = new Map<string, ImportEdge[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    imports.set(
      file,
      importedFiles.map(({ fileName: specifier }) => {
        if (specifier.startsWith('.')) {
          return { specifier, target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) };
        }
        const [scope, name, ...rest] = specifier.split('/');
        const workspace = byName.get(`${scope}/${name}`);
        if (!workspace) return { specifier };
        const entry = workspace.exports[rest.length ? `./${rest.join('/')}` : '.'];
        return {
          specifier,
          target: entry ? path.posix.join(workspace.dir, entry) : `${workspace.dir}/<not exported: ${specifier}>`,
        };
      }),
    );
  }
  return { root, files, imports, workspaces };
}

export const fileExists = (graph: ImportGraph, file: string): boolean => existsSync(path.join(graph.root, file));
