import type { ServiceName } from '../../bin/split-topology.ts';
import type { LoadFigures, LoadOptions } from './load.ts';

export interface ServiceFigures {
  readyMs: number;
  rssReadyMiB: number | null;
  rssAfterLoadMiB: number | null;
}

export interface BenchReport {
  date: string;
  node: string;
  cpus: number;
  logLevel: string;
  load: LoadOptions & { path: string };
  services: Record<ServiceName, ServiceFigures>;
  throughput: { gateway: LoadFigures; direct: LoadFigures };
  /** Gateway req/s as a percentage of direct req/s: what the extra hop keeps. */
  gatewayToDirectPct: number;
}

export const toMiB = (bytes: number | undefined): number | null => (bytes === undefined ? null : round(bytes / 2 ** 20, 1));
export const round = (value: number, digits = 0): number => Number(value.toFixed(digits));

const row = (cells: (string | number | null)[], widths: number[]): string =>
  cells.map((cell, i) => (i === 0 ? String(cell ?? '-').padEnd(widths[i] ?? 0) : String(cell ?? '-').padStart(widths[i] ?? 0))).join('  ');

/** The human-readable table printed to stdout. */
export function formatReport(report: BenchReport): string {
  const { load } = report;
  const serviceWidths = [16, 9, 14, 19];
  const loadWidths = [16, 9, 7, 7, 9, 8, 7];
  const loadRow = (name: string, f: LoadFigures) =>
    row([name, round(f.requestsPerSecond), f.p50Ms, f.p99Ms, f.requests, f.non2xx, f.errors], loadWidths);
  return [
    `Rankgate split topology: node ${report.node}, ${report.cpus} CPUs, LOG_LEVEL=${report.logLevel}`,
    '',
    row(['service', 'ready ms', 'RSS ready MiB', 'RSS after load MiB'], serviceWidths),
    ...Object.entries(report.services).map(([name, s]) => row([name, round(s.readyMs), s.rssReadyMiB, s.rssAfterLoadMiB], serviceWidths)),
    '',
    `GET ${load.path}: ${load.connections} connections, ${load.durationS} s each after a ${load.warmupS} s warm-up`,
    row(['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'], loadWidths),
    loadRow('via gateway', report.throughput.gateway),
    loadRow('direct search', report.throughput.direct),
    '',
    `gateway / direct: ${report.gatewayToDirectPct} %`,
  ].join('\n');
}
