/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests and tools
 * that check what a scrape returns. It throws on any line Prometheus would reject, so a test
 * that parses a scrape also proves the scrape is well-formed.
 */

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: MetricSample[];
  /** Family name → counter | gauge | histogram | summary | untyped. */
  types: Map<string, string>;
  help: Map<string, string>;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+(-?\\d+))?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** Go's ParseFloat, as Prometheus reads values: NaN and Inf in any case (prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf') return Number.POSITIVE_INFINITY;
  if (special === '-inf') return Number.NEGATIVE_INFINITY;
  if (special === 'nan') return Number.NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a sample value: ${line}`);
  return value;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`malformed labels: ${line}`);
    const [, name = '', raw = ''] = match;
    if (name in labels) throw new Error(`duplicate label ${name}: ${line}`);
    labels[name] = raw.replace(/\\(.)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : escaped));
  }
  return labels;
}

/** Family of a sample name: histogram and summary series carry a suffix. */
export const familyOf = (name: string, types: Map<string, string>): string => {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count|total|created)$/, '');
  return types.has(base) ? base : name;
};

export function parseExposition(text: string): Exposition {
  const samples: MetricSample[] = [];
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const [, keyword, name = '', rest = ''] = /^#\s+(HELP|TYPE)\s+(\S+)\s*(.*)$/.exec(line) ?? [];
      if (keyword === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`unknown metric type: ${line}`);
        if (types.has(name)) throw new Error(`family typed twice: ${line}`);
        types.set(name, rest);
      } else if (keyword === 'HELP') {
        help.set(name, rest);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`malformed sample: ${line}`);
    const [, name = '', labelText = '', valueText = ''] = match;
    samples.push({ name, labels: parseLabels(labelText, line), value: parseValue(valueText, line) });
  }
  return { samples, types, help };
}
