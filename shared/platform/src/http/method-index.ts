/**
 * Which methods each registered route pattern accepts, so an unmatched request on a known path
 * can be answered 405 with `Allow` instead of 404. Consulted only on the not-found path.
 */
export class MethodIndex {
  private readonly entries: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  add(url: string, method: string | string[]): void {
    let methods = this.byUrl.get(url);
    if (!methods) {
      methods = new Set();
      this.byUrl.set(url, methods);
      this.entries.push({ pattern: MethodIndex.compile(url), methods });
    }
    for (const m of [method].flat()) methods.add(m.toUpperCase());
  }

  allowedFor(path: string): string[] {
    const allowed = new Set<string>();
    for (const { pattern, methods } of this.entries) {
      if (pattern.test(path)) for (const m of methods) allowed.add(m);
    }
    return [...allowed].sort();
  }

  /** `/a/:id/*` → /^\/a\/[^/]+\/.*$/ (find-my-way syntax: `:param`, `:param(regex)`, `*`). */
  private static compile(url: string): RegExp {
    const source = url
      .split('/')
      .map((segment) => {
        if (segment === '*') return '.*';
        if (segment.startsWith(':')) return '[^/]+';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return new RegExp(`^${source}/?$`);
  }
}
