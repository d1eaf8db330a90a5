/** What the ranking eval reports per configuration and per data set (read by the report and the bench). */
import type { SplitFigures } from './query-split.ts';

export interface Distribution {
  mean: number;
  p50: number;
  p99: number;
  total: number;
}

/** Nearest-rank percentiles. */
export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const total = sorted.reduce((a, b) => a + b, 0);
  return { mean: sorted.length > 0 ? total / sorted.length : 0, p50: at(50), p99: at(99), total };
}

export interface ConfigResult {
  label: string;
  rank: 'on' | 'off';
  /** Stage-B size; 0 for rank=off. */
  judgeTopN: number;
  judge: string;
  ndcg10: number;
  recall100: number;
  /** `meta.timings_ms.total` per query (discover is a cache miss for rank=off only, a hit after). */
  totalMs: Distribution;
  /** `meta.timings_ms.rank` per query: the cascade (stage A, the judge) and the gates. */
  rankMs: Distribution;
  /** `meta.timings_ms.screen` per query: stage A's screening, part of rankMs (verdicts remembered across settings). */
  screenMs: Distribution;
  judgeCallsPerQuery: number;
  inputTokensPerQuery: number;
  outputTokensPerQuery: number;
  /** Candidates the gates removed (`meta.counts.gated_out`), all queries. */
  gatedOut: number;
  /** Relevant candidates the returned order lacks (gated out), all queries. */
  relevantDropped: number;
  /** Queries whose gates removed everything (rows restored, `gates_relaxed`). */
  relaxedQueries: number;
  /**
   * Diagnostic (local judge only): the cascade's order before the gates (`runCascade` on the same
   * candidates), to tell the ranking's effect from the gates'. Null when not measured.
   */
  preGate: { ndcg10: number; recall100: number } | null;
  /** The same figures on the tune and held-out halves of the queries (./query-split.ts). */
  splits: SplitFigures;
  perQuery: { ndcg10: Record<string, number> };
}

export interface DatasetResult {
  dataset: string;
  queries: number;
  minGrade: number;
  /** Relevant documents among the candidates (the ceiling for recall), all queries. */
  relevantInPool: number;
  /** Relevant judged documents, all queries. */
  relevantJudged: number;
  candidatesPerQuery: number;
  setupMs: number;
  baseline?: {
    label: string;
    ndcg10: number;
    recall100: number;
    expectedNdcg10: number;
    pass: boolean;
    splits: SplitFigures;
  };
  /**
   * Local judge only: its own CPU time to judge all of a query's candidates at once (`judge.judge`,
   * no stage A, no gates), per query: the ≤ 3 ms budget for 100 candidates. CPU time, not wall
   * time, so other work on a shared machine inflates it less.
   */
  localJudgeMs: Distribution | null;
  configs: ConfigResult[];
}

/** The document id of a candidate URL: its last path segment (`local://<corpus>/<id>`). */
