/**
 * One Prometheus exposition out of several registries' (the embedded `npm start` runs five apps in
 * one process, each with its own registry, behind one metrics listener). The text format allows a
 * family's HELP and TYPE once, so the families are merged: each appears once, with the samples of
 * every source; the `service` label already tells the sources apart.
 */
import type { AppMetrics } from './app-metrics.ts';

/** Anything that can produce an exposition: an app's metrics, or a scrape of an app. */
export type ExpositionSource = Pick<AppMetrics, 'exposition'>;

/** Families about the process itself: every registry of one process reports the same values. */
const PROCESS_FAMILY = /^(process|nodejs)_/;

interface Family {
  header: string[];
  samples: string[];
}

/**
 * Merges exposition texts family by family, in order of first appearance. Process-wide families
 * (`process_*`, `nodejs_*`) are taken from the first text that has them only, so a process's
 * memory is not counted once per app.
 */
export function combineExpositions(bodies: readonly string[]): string {
  const families = new Map<string, Family & { owner: number }>();
  bodies.forEach((body, source) => {
    let current: (Family & { owner: number }) | undefined;
    let keep = false;
    for (const line of body.split('\n')) {
      if (line.trim() === '') continue;
      const header = /^#\s+(HELP|TYPE)\s+(\S+)/.exec(line);
      if (header) {
        const name = header[2] ?? '';
        let family = families.get(name);
        if (!family) {
          family = { header: [], samples: [], owner: source };
          families.set(name, family);
        }
        current = family;
        keep = !PROCESS_FAMILY.test(name) || family.owner === source;
        if (family.owner === source && !family.header.includes(line)) family.header.push(line);
        continue;
      }
      if (line.startsWith('#')) continue; // other comments carry nothing a scraper reads
      if (current && keep) current.samples.push(line);
    }
  });
  return [...families.values()].map(({ header, samples }) => [...header, ...samples].join('\n')).join('\n\n') + '\n';
}

/** One source serving the merged expositions of several (see `combineExpositions`). */
export function combinedMetrics(sources: readonly ExpositionSource[]): ExpositionSource {
  return {
    async exposition() {
      const scrapes = await Promise.all(sources.map((source) => source.exposition()));
      return {
        contentType: scrapes[0]?.contentType ?? 'text/plain; version=0.0.4; charset=utf-8',
        body: combineExpositions(scrapes.map((s) => s.body)),
      };
    },
  };
}
