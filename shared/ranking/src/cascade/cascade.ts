import type { InjectionEvidence, RowPage, Signals } from '@rankgate/contracts';
import type { Candidate } from '../candidate.ts';
import type { Judge, JudgeUsage, JudgeVerdict } from '../judge.ts';
import { analyzeQuery } from '../local/query-analysis.ts';
import { indexCandidate, onTopic } from '../local/relevance-signals.ts';
import { domainOf } from '../local/text.ts';
import { ScreeningMemo } from '../screening/index.ts';

import type { GateVerdict } from './gates.ts';
import { applyGates } from './gates.ts';
import { judgeInputOf } from './judge-input.ts';
import type { ScoreWeights } from './score.ts';
import { scoreOf } from './score.ts';

export interface RankedCandidate {
  candidate: Candidate;
  domain: string;
  signals: Signals;
  isRepublisher: boolean | null;
  injectionReasons: string[];
  /** Where stage A's screening found its evidence, per field of what the provider sent. */
  injectionEvidence: InjectionEvidence[];
  /** Whether stage B (the judge) saw this candidate. */
  judged: boolean;
  /** Listwise mode: the judge's position for it among the judged; the score's rank prior in place of the provider's. */
  listRank?: number;
  score: number;
  /** The weights `score` was computed with (the judge's): deep mode scores the page with the same. */
  scoreWeights?: ScoreWeights;
  gate: GateVerdict;
  /** Deep mode: the page-text excerpt shown as the row's `content`. */
  content?: string;
  /** Deep mode: the page's own date when the provider gave none. */
  publishedAt?: string | null;
  /** Deep mode: what the row was judged on, and why not its page. */
  page?: RowPage;
}

/** Judged rows first, then by score, ties broken by the provider's order. */
export function compareRanked(a: RankedCandidate, b: RankedCandidate): number {
  return (
    Number(b.judged) - Number(a.judged) || b.score - a.score || a.candidate.provider_rank - b.candidate.provider_rank
  );
}

export interface CascadeResult {
  /** Every candidate, best first: judged rows by score, then the rest by score. */
  ranked: RankedCandidate[];
  usage: JudgeUsage;
  /** Of the cascade's time, the milliseconds stage A spent screening (near 0 when every verdict was remembered). */
  screenMs: number;
}

export interface CascadeOptions {
  judge: Judge;
  /** How many stage-A survivors the judge sees (stage B). */
  judgeTopN: number;
  signal: AbortSignal;
  /** Where screening verdicts are remembered; the process's own memo by default. */
  screening?: ScreeningMemo;
}

/** One memo per process: every search in it shares what was screened. */
const PROCESS_SCREENING = new ScreeningMemo();

const UNPARSED: Signals = {
  answerability: null,
  authority: null,
  on_topic: null,
  states_sought_fact: null,
  subject_match: null,
  spam: null,
  prompt_injection: null,
};

/** A judge may rate injection higher than the local detector, never lower: take the maximum. */
function finalInjection(local: number, judged: number | null | undefined): number {
  return typeof judged === 'number' ? Math.max(local, judged) : local;
}

function merge(local: number, verdict: JudgeVerdict | undefined): Signals {
  const signals: Signals = { ...UNPARSED };
  for (const name of Object.keys(UNPARSED) as (keyof Signals)[]) {
    const value = verdict?.signals[name];
    signals[name] = typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : null;
  }
  signals.prompt_injection = finalInjection(local, verdict?.signals.prompt_injection);
  return signals;
}

/**
 * Ranks candidates as a cascade whose cost grows only for survivors:
 * stage A scores every candidate with cheap local signals (topicality, the injection detector);
 * stage B sends the best `judgeTopN` of them to the judge. Rows the judge did not see keep their
 * stage-A signals (others unparsed) and rank after the judged ones.
 */
export async function runCascade(
  query: string,
  candidates: readonly Candidate[],
  options: CascadeOptions,
): Promise<CascadeResult> {
  const analysis = analyzeQuery(query);
  const screening = options.screening ?? PROCESS_SCREENING;
  let screenMs = 0;
  const stageA = candidates.map((candidate, id) => {
    // Everything the provider sent: title, whole description, extra passages, original markup.
    const screenStarted = performance.now();
    const injection = screening.screen(candidate);
    screenMs += performance.now() - screenStarted;
    const topicality = onTopic(analysis, indexCandidate({ title: candidate.title, body: candidate.snippet }));
    const prefilter = (0.5 * topicality + 0.5 / Math.sqrt(candidate.provider_rank)) * (1 - 0.4 * injection.score);
    return { id, candidate, injection, topicality, prefilter };
  });
  const best = [...stageA].sort((a, b) => b.prefilter - a.prefilter || a.id - b.id).slice(0, options.judgeTopN);
  const survivors = new Set(best.map((entry) => entry.id));

  const inputs = best.map(({ id, candidate, injection }) => judgeInputOf(candidate, id, injection.score));
  const { verdicts, usage } =
    inputs.length > 0
      ? await options.judge.judge(query, inputs, { signal: options.signal })
      : { verdicts: [], usage: { calls: 0, input_tokens: 0, output_tokens: 0 } };
  const byId = new Map(verdicts.map((v) => [v.id, v]));

  const ranked = stageA.map(({ id, candidate, injection, topicality }): RankedCandidate => {
    const judged = survivors.has(id);
    const verdict = judged ? byId.get(id) : undefined;
    const signals = judged
      ? merge(injection.score, verdict)
      : { ...UNPARSED, on_topic: Math.round(topicality * 1000) / 1000, prompt_injection: injection.score };
    const isRepublisher = verdict ? verdict.is_republisher : null;
    const reasons = [...injection.reasons];
    if (signals.prompt_injection !== null && signals.prompt_injection > injection.score)
      reasons.push('judge rated the text as an injection');
    const listRank = verdict?.listRank;
    return {
      candidate,
      domain: domainOf(candidate.url),
      signals,
      isRepublisher,
      injectionReasons: reasons,
      injectionEvidence: injection.evidence,
      judged,
      ...(listRank === undefined ? {} : { listRank }),
      score: scoreOf(signals, listRank ?? candidate.provider_rank, options.judge.scoreWeights),
      ...(options.judge.scoreWeights ? { scoreWeights: options.judge.scoreWeights } : {}),
      gate: applyGates(signals, isRepublisher),
    };
  });
  ranked.sort(compareRanked);
  return { ranked, usage, screenMs };
}
