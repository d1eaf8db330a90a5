/**
 * Tables for the eval: the same rows print to the console and go into docs/quality.md.
 */
import type { Confusion, Group, InjectionResult, Target } from './injection-eval.ts';
import type { DatasetResult } from './ranking-eval.ts';

export interface Table {
  title: string;
  headers: string[];
  rows: string[][];
}

const fixed = (value: number | null, digits = 4): string => (value === null ? '—' : value.toFixed(digits));
const signed = (value: number, digits = 4): string => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
const ms = (value: number): string => value.toFixed(1);

export function renderText(table: Table): string {
  const widths = table.headers.map((header, i) => Math.max(header.length, ...table.rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [table.title, line(table.headers), widths.map((w) => '-'.repeat(w)).join('  '), ...table.rows.map(line)].join('\n');
}

export function renderMarkdown(table: Table, { heading = true }: { heading?: boolean } = {}): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    ...(heading ? [`**${table.title}**`, ''] : []),
    `| ${table.headers.map(escape).join(' | ')} |`,
    `|${table.headers.map(() => '---').join('|')}|`,
    ...table.rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

/** One dataset's ranking table: quality, what the gates removed, time and judge usage per query. */
export function rankingTable(result: DatasetResult): Table {
  const base = result.baseline?.ndcg10 ?? result.configs.find((config) => config.rank === 'off')?.ndcg10 ?? 0;
  const rows: string[][] = [];
  if (result.baseline) {
    const b = result.baseline;
    rows.push([b.label, fixed(b.ndcg10), '—', fixed(b.recall100), '—', '—', '—', '—', '—', '—', '—']);
  }
  for (const config of result.configs) {
    rows.push([
      config.label,
      fixed(config.ndcg10),
      config.rank === 'off' && !result.baseline ? '—' : signed(config.ndcg10 - base),
      fixed(config.recall100),
      config.preGate ? `${fixed(config.preGate.ndcg10)} / ${fixed(config.preGate.recall100)}` : '—',
      config.rank === 'on' ? `${config.gatedOut} (${(config.gatedOut / Math.max(1, result.queries)).toFixed(1)}/q)` : '—',
      config.rank === 'on' ? `${config.relevantDropped} of ${result.relevantInPool}` : '—',
      config.rank === 'on' ? String(config.relaxedQueries) : '—',
      `${ms(config.totalMs.p50)} / ${ms(config.totalMs.p99)} (Σ ${(config.totalMs.total / 1000).toFixed(2)} s)`,
      `${ms(config.rankMs.mean)} / ${ms(config.rankMs.p99)}`,
      `${config.judgeCallsPerQuery.toFixed(2)} / ${config.inputTokensPerQuery.toFixed(0)} / ${config.outputTokensPerQuery.toFixed(0)}`,
    ]);
  }
  return {
    title: `${result.dataset}: ${result.queries} judged queries, ${result.candidatesPerQuery.toFixed(1)} candidates/query, `
      + `relevant = grade ≥ ${result.minGrade} (${result.relevantInPool} of ${result.relevantJudged} judged relevant are in the candidates)`,
    headers: [
      'configuration', 'NDCG@10', 'Δ vs BM25', 'R@100', 'pre-gate NDCG@10 / R@100', 'gated out', 'relevant dropped', 'relaxed q',
      'total ms/q p50 / p99', 'rank ms/q mean / p99', 'judge calls / tok in / tok out per q',
    ],
    rows,
  };
}

const confusionCells = (c: Confusion): string[] => [
  String(c.n), String(c.positives), String(c.tp), String(c.fp), String(c.fn), String(c.tn),
  fixed(c.precision, 3), fixed(c.recall, 3), fixed(c.f1, 3), fixed(c.fpr, 3),
];
const CONFUSION_HEADERS = ['n', 'pos', 'TP', 'FP', 'FN', 'TN', 'precision', 'recall', 'F1', 'FPR'];

export function injectionTables(result: InjectionResult): Table[] {
  const summary: Table = {
    title: `Prompt-injection screening, flagged at score ≥ ${result.threshold}: raw text (detectInjection) and as provider results (runSearch)`,
    headers: ['set', 'via', ...CONFUSION_HEADERS, 'p50 µs', 'p99 µs'],
    rows: result.files.map((file) => [
      file.label, file.via ?? 'detectInjection', ...confusionCells(file.confusion), file.timeUs.p50.toFixed(1), file.timeUs.p99.toFixed(1),
    ]),
  };
  const breakdown: Table = {
    title: 'By source and category',
    headers: ['set', 'group', ...CONFUSION_HEADERS],
    rows: result.files.flatMap((file) => {
      const groups: { prefix: string; group: Group }[] = [
        ...(file.bySource.length > 1 ? file.bySource.map((group) => ({ prefix: 'source', group })) : []),
        ...(file.byCategory?.groups ?? []).map((group) => ({ prefix: file.byCategory?.field ?? 'category', group })),
      ];
      return groups.map(({ prefix, group }) => [`${file.label} (${file.via ?? 'detectInjection'})`, `${prefix}=${group.name}`, ...confusionCells(group.confusion)]);
    }),
  };
  const pages: Table = {
    title: 'Detector time on whole pages (deep mode), one call per page',
    headers: ['run', 'pages', 'chars / page', 'wall p50 ms', 'wall p99 ms', 'wall mean ms', 'CPU mean ms', `flagged (≥ ${result.threshold})`],
    rows: result.pages.map((page) => [
      page.label, String(page.pages), String(page.chars), (page.timeUs.p50 / 1000).toFixed(2), (page.timeUs.p99 / 1000).toFixed(2),
      (page.timeUs.mean / 1000).toFixed(2), (page.cpuUs / 1000).toFixed(2), String(page.flagged),
    ]),
  };
  return [summary, breakdown, pages, targetTable(result.files.flatMap((file) => file.targets))];
}

export function targetTable(targets: readonly Target[]): Table {
  return {
    title: 'Acceptance targets (injection)',
    headers: ['target', 'measured', 'result'],
    rows: targets.map((target) => [target.label, fixed(target.actual, 3), target.pass ? 'PASS' : 'FAIL']),
  };
}

/**
 * What the cascade costs against judging every candidate, with an LLM judge on the OpenAI wire
 * format (the fake model of ./fake-openai-server.ts): judge calls and tokens per query, and NDCG.
 */
export function cascadeCostTable(results: readonly DatasetResult[], model: string): Table {
  const rows: string[][] = [];
  for (const result of results) {
    const ranked = result.configs.filter((config) => config.rank === 'on');
    const all = ranked.find((config) => config.judgeTopN >= result.candidatesPerQuery) ?? ranked[ranked.length - 1];
    for (const config of ranked) {
      const share = all && all.inputTokensPerQuery > 0 ? ` (${((100 * config.inputTokensPerQuery) / all.inputTokensPerQuery).toFixed(0)} %)` : '';
      rows.push([
        result.dataset.replace(/ \(.*$/, ''),
        config.label,
        fixed(config.ndcg10),
        config.judgeCallsPerQuery.toFixed(2),
        `${config.inputTokensPerQuery.toFixed(0)}${share}`,
        config.outputTokensPerQuery.toFixed(0),
        `${ms(config.rankMs.mean)} / ${ms(config.rankMs.p99)}`,
      ]);
    }
  }
  return {
    title: `Cascade cost: judge \`openai\` (OpenAI chat-completions wire format) against a deterministic fake model \`${model}\` on 127.0.0.1`,
    headers: ['set', 'configuration', 'NDCG@10', 'judge calls / q', 'input tokens / q', 'output tokens / q', 'rank ms/q mean / p99'],
    rows,
  };
}

/** The ranking targets: the rank=on cascade beats the BM25 baseline on NDCG@10. */
export function rankingTargetTable(results: readonly DatasetResult[]): Table {
  const rows = results.map((result) => {
    const base = result.baseline?.ndcg10 ?? result.configs.find((config) => config.rank === 'off')?.ndcg10 ?? 0;
    const cascade = result.configs.find((config) => config.rank === 'on' && config.judgeTopN < result.candidatesPerQuery);
    const delta = (cascade?.ndcg10 ?? 0) - base;
    return [`rank=on (cascade) NDCG@10 > BM25 on ${result.dataset.replace(/ \(.*$/, '')}`, `${fixed(cascade?.ndcg10 ?? null)} vs ${fixed(base)} (${signed(delta)})`, delta > 0 ? 'PASS' : 'FAIL'];
  });
  return { title: 'Acceptance targets (ranking, local judge)', headers: ['target', 'measured', 'result'], rows };
}
