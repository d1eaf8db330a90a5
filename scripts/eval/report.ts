/**
 * Tables for the eval: the same rows print to the console and go into docs/quality.md.
 */
import type { Confusion, Group, InjectionResult } from './injection-eval.ts';
import { WEB_PASSAGES_FILE } from './injection-eval.ts';
import type { DatasetResult } from './ranking-results.ts';

export interface Table {
  title: string;
  headers: string[];
  rows: string[][];
}

const fixed = (value: number | null, digits = 4): string => (value === null ? '—' : value.toFixed(digits));
const signed = (value: number, digits = 4): string => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
const ms = (value: number): string => value.toFixed(1);

export function renderText(table: Table): string {
  const widths = table.headers.map((header, i) =>
    Math.max(header.length, ...table.rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [table.title, line(table.headers), widths.map((w) => '-'.repeat(w)).join('  '), ...table.rows.map(line)].join(
    '\n',
  );
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
    rows.push([b.label, fixed(b.ndcg10), '—', fixed(b.recall100), '—', '—', '—', '—', '—', '—', '—', '—']);
  }
  for (const config of result.configs) {
    rows.push([
      config.label,
      fixed(config.ndcg10),
      config.rank === 'off' && !result.baseline ? '—' : signed(config.ndcg10 - base),
      fixed(config.recall100),
      config.preGate ? `${fixed(config.preGate.ndcg10)} / ${fixed(config.preGate.recall100)}` : '—',
      config.rank === 'on'
        ? `${config.gatedOut} (${(config.gatedOut / Math.max(1, result.queries)).toFixed(1)}/q)`
        : '—',
      config.rank === 'on' ? `${config.relevantDropped} of ${result.relevantInPool}` : '—',
      config.rank === 'on' ? String(config.relaxedQueries) : '—',
      `${ms(config.totalMs.p50)} / ${ms(config.totalMs.p99)} (Σ ${(config.totalMs.total / 1000).toFixed(2)} s)`,
      `${ms(config.rankMs.mean)} / ${ms(config.rankMs.p99)}`,
      ms(config.screenMs.mean),
      `${config.judgeCallsPerQuery.toFixed(2)} / ${config.inputTokensPerQuery.toFixed(0)} / ${config.outputTokensPerQuery.toFixed(0)}`,
    ]);
  }
  return {
    title:
      `${result.dataset}: ${result.queries} judged queries, ${result.candidatesPerQuery.toFixed(1)} candidates/query, ` +
      `relevant = grade ≥ ${result.minGrade} (${result.relevantInPool} of ${result.relevantJudged} judged relevant are in the candidates)`,
    headers: [
      'configuration',
      'NDCG@10',
      'Δ vs BM25',
      'R@100',
      'pre-gate NDCG@10 / R@100',
      'gated out',
      'relevant dropped',
      'relaxed q',
      'total ms/q p50 / p99',
      'rank ms/q mean / p99',
      'of which screening ms/q',
      'judge calls / tok in / tok out per q',
    ],
    rows,
  };
}

const confusionCells = (c: Confusion): string[] => [
  String(c.n),
  String(c.positives),
  String(c.tp),
  String(c.fp),
  String(c.fn),
  String(c.tn),
  fixed(c.precision, 3),
  fixed(c.recall, 3),
  fixed(c.f1, 3),
  fixed(c.fpr, 3),
];
const CONFUSION_HEADERS = ['n', 'pos', 'TP', 'FP', 'FN', 'TN', 'precision', 'recall', 'F1', 'FPR'];

export function injectionTables(result: InjectionResult): Table[] {
  const summary: Table = {
    title: `Prompt-injection screening, flagged at score ≥ ${result.threshold}: raw text (detectInjection) and as provider results (runSearch)`,
    headers: ['set', 'via', ...CONFUSION_HEADERS, 'p50 µs', 'p99 µs', 'best-round p50 µs'],
    rows: result.files.map((file) => [
      file.label,
      file.via ?? 'detectInjection',
      ...confusionCells(file.confusion),
      file.timeUs.p50.toFixed(1),
      file.timeUs.p99.toFixed(1),
      file.timeUs.bestP50.toFixed(1),
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
      return groups.map(({ prefix, group }) => [
        `${file.label} (${file.via ?? 'detectInjection'})`,
        `${prefix}=${group.name}`,
        ...confusionCells(group.confusion),
      ]);
    }),
  };
  const pages: Table = {
    title: 'Detector time on whole pages (deep mode), one call per page',
    headers: [
      'run',
      'pages',
      'chars / page',
      'wall p50 ms',
      'wall p99 ms',
      'wall mean ms',
      'best-round p50 ms',
      'CPU mean ms',
      `flagged (≥ ${result.threshold})`,
    ],
    rows: result.pages.map((page) => [
      page.label,
      String(page.pages),
      String(page.chars),
      (page.timeUs.p50 / 1000).toFixed(2),
      (page.timeUs.p99 / 1000).toFixed(2),
      (page.timeUs.mean / 1000).toFixed(2),
      (page.timeUs.bestP50 / 1000).toFixed(2),
      (page.cpuUs / 1000).toFixed(2),
      String(page.flagged),
    ]),
  };
  return [summary, breakdown, pages, targetTable(result)];
}

/** The detector's time budgets on this machine, p50: a search snippet (a web passage) and a 20 KB page. */
const SNIPPET_BUDGET_US = 50;
const PAGE_BUDGET_MS = 2;

function targetTable(result: InjectionResult): Table {
  const quality = result.files
    .flatMap((file) => file.targets)
    .map((target) => [target.label, fixed(target.actual, 3), target.pass ? 'PASS' : 'FAIL']);
  const snippetUs = result.files.find((file) => file.file === WEB_PASSAGES_FILE)?.timeUs.p50;
  const pageMs = result.pages[0] === undefined ? undefined : result.pages[0].timeUs.p50 / 1000;
  const speed = [
    [`snippet (web passage) screened in ≤ ${SNIPPET_BUDGET_US} µs p50`, snippetUs, SNIPPET_BUDGET_US, 'µs'],
    [`20 KB page screened in ≤ ${PAGE_BUDGET_MS} ms p50`, pageMs, PAGE_BUDGET_MS, 'ms'],
  ] as const;
  return {
    title: 'Acceptance targets (injection)',
    headers: ['target', 'measured', 'result'],
    rows: [
      ...quality,
      ...speed.map(([label, measured, budget, unit]) =>
        measured === undefined
          ? [label, '—', 'FAIL']
          : [label, `${measured.toFixed(unit === 'ms' ? 2 : 1)} ${unit}`, measured <= budget ? 'PASS' : 'FAIL'],
      ),
    ],
  };
}

/**
 * What the cascade costs against judging every candidate, with an LLM judge on the OpenAI wire
 * format (the fake model of ./fake-openai-server.ts): judge calls and tokens per query, and NDCG.
 */
export function cascadeCostTable(
  results: readonly DatasetResult[],
  model: string,
  listwise: readonly DatasetResult[] = [],
): Table {
  const rows: string[][] = [];
  const runs = [
    ...results.map((result) => ({ result, mode: 'pointwise' })),
    ...listwise.map((result) => ({ result, mode: 'listwise' })),
  ];
  for (const { result, mode } of runs) {
    const ranked = result.configs.filter((config) => config.rank === 'on');
    const all = ranked.find((config) => config.judgeTopN >= result.candidatesPerQuery) ?? ranked[ranked.length - 1];
    for (const config of ranked) {
      const share =
        all && all.inputTokensPerQuery > 0
          ? ` (${((100 * config.inputTokensPerQuery) / all.inputTokensPerQuery).toFixed(0)} %)`
          : '';
      rows.push([
        result.dataset.replace(/ \(.*$/, ''),
        mode,
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
    headers: [
      'set',
      'JUDGE_MODE',
      'configuration',
      'NDCG@10',
      'judge calls / q',
      'input tokens / q',
      'output tokens / q',
      'rank ms/q mean / p99',
    ],
    rows,
  };
}

/** Each configuration's figures on the tune and the held-out half of the queries (scripts/eval/query-split.ts). */
export function rankingSplitTable(result: DatasetResult): Table {
  const rows: string[][] = [];
  const row = (label: string, splits: DatasetResult['configs'][number]['splits']) =>
    rows.push([
      label,
      fixed(splits.tune.ndcg10),
      fixed(splits['held-out'].ndcg10),
      fixed(splits.tune.recall100),
      fixed(splits['held-out'].recall100),
    ]);
  if (result.baseline) row(result.baseline.label, result.baseline.splits);
  for (const config of result.configs) row(config.label, config.splits);
  const [first] = result.configs;
  return {
    title: `${result.dataset}: tune half (${first?.splits.tune.queries ?? 0} queries) and held-out half (${first?.splits['held-out'].queries ?? 0})`,
    headers: ['configuration', 'NDCG@10 tune', 'NDCG@10 held-out', 'R@100 tune', 'R@100 held-out'],
    rows,
  };
}

/** The NDCG@10 each set must reach with the local judge (issue #19). */
const NDCG_TARGETS: Record<string, number> = { 'BEIR SciFact': 0.7, 'TREC DL19 passage': 0.55 };
/** The local judge's budget for judging 100 candidates on one core (ms, mean per query). */
const LOCAL_JUDGE_BUDGET_MS = 3;

/**
 * The ranking targets for the rank=on cascade: above BM25, at the set's NDCG@10 target, no lower
 * Recall@100 than the provider's order, and the local judge within its time budget.
 */
export function rankingTargetTable(results: readonly DatasetResult[]): Table {
  const rows = results.flatMap((result) => {
    const set = result.dataset.replace(/ \(.*$/, '');
    const off = result.configs.find((config) => config.rank === 'off');
    const base = result.baseline?.ndcg10 ?? off?.ndcg10 ?? 0;
    const cascade = result.configs.find(
      (config) => config.rank === 'on' && config.judgeTopN < result.candidatesPerQuery,
    );
    const ndcg = cascade?.ndcg10 ?? 0;
    const delta = ndcg - base;
    const target = NDCG_TARGETS[set];
    const halves = cascade
      ? ` (tune ${fixed(cascade.splits.tune.ndcg10)}, held-out ${fixed(cascade.splits['held-out'].ndcg10)})`
      : '';
    const recallDelta = (cascade?.recall100 ?? 0) - (off?.recall100 ?? 0);
    return [
      [
        `rank=on (cascade) NDCG@10 > BM25 on ${set}`,
        `${fixed(ndcg)} vs ${fixed(base)} (${signed(delta)})`,
        delta > 0 ? 'PASS' : 'FAIL',
      ],
      ...(target === undefined
        ? []
        : [
            [
              `rank=on (cascade) NDCG@10 ≥ ${target.toFixed(2)} on ${set}`,
              `${fixed(ndcg)}${halves}`,
              ndcg >= target ? 'PASS' : 'FAIL',
            ],
          ]),
      [
        `rank=on (cascade) R@100 ≥ rank=off on ${set}`,
        `${fixed(cascade?.recall100 ?? null)} vs ${fixed(off?.recall100 ?? null)} (${signed(recallDelta)})`,
        recallDelta >= 0 ? 'PASS' : 'FAIL',
      ],
      ...(result.localJudgeMs
        ? [
            [
              `local judge ≤ ${LOCAL_JUDGE_BUDGET_MS} ms CPU for ${result.candidatesPerQuery.toFixed(0)} candidates on ${set} (mean; p50 / p99)`,
              `${result.localJudgeMs.mean.toFixed(2)} (${result.localJudgeMs.p50.toFixed(2)} / ${result.localJudgeMs.p99.toFixed(2)})`,
              result.localJudgeMs.mean <= LOCAL_JUDGE_BUDGET_MS ? 'PASS' : 'FAIL',
            ],
          ]
        : []),
    ];
  });
  return { title: 'Acceptance targets (ranking, local judge)', headers: ['target', 'measured', 'result'], rows };
}
