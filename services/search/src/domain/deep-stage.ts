import { createHash } from 'node:crypto';

import type { PageJob, PageResult, RowPage, Signals } from '@rankgate/contracts';
import { MAX_EVIDENCE_SPANS, SIGNAL_NAMES } from '@rankgate/contracts';
import type { JobProducer } from '@rankgate/platform/queue';
import {
  InvalidJobPayloadError,
  JobDeadlineExceededError,
  JobFailedError,
  JobRunAbortedError,
} from '@rankgate/platform/queue';
import type { JudgeUsage } from '@rankgate/ranking';

import type { RankedCandidate } from '@rankgate/ranking';
import { compareRanked } from '@rankgate/ranking';
import { applyGates } from '@rankgate/ranking';
import { scoreOf } from '@rankgate/ranking';

export interface DeepStageOptions {
  query: string;
  requestId: string;
  /** The page queue's producer; absent when this deployment has no ranking worker. */
  pages: JobProducer<PageJob, PageResult> | undefined;
  /** At most this many pages are read (the spec's cap is 12). */
  maxPages: number;
  /** Epoch ms: pages not read by then keep their snippet-level scores. */
  deadline: number;
  /**
   * Stop waiting early (the caller left, or the service is shutting down): pages not read by then
   * keep their snippet-level scores, with the signal's reason; jobs not started are withdrawn.
   */
  signal?: AbortSignal;
  /** Longest page `content` a row carries, cut to the query's most relevant passages (the request's max_chars). */
  maxChars?: number;
  /** Pages read so far of those planned, as each one settles. */
  onProgress?: (progress: { done: number; planned: number }) => void;
}

export interface DeepStageResult {
  /** Every row, re-scored where its page was judged, best first. */
  ranked: RankedCandidate[];
  planned: number;
  judged: number;
  /** Pages the worker fetched (read, or fetched and found unreadable). */
  fetched: number;
  usage: JudgeUsage;
}

const FETCHED_FAILURES = new Set(['http_status', 'unsupported_type', 'no_text']);
const REASON_MAX_CHARS = 200;

const snippetLevel = (status: RowPage['status'], reason: string, extra: Partial<RowPage> = {}): RowPage => ({
  judged_on: 'snippet',
  status,
  reason: reason.length > REASON_MAX_CHARS ? `${reason.slice(0, REASON_MAX_CHARS - 1)}…` : reason,
  ...extra,
});

/**
 * One page job per (request, query, URL): a duplicate run joins the running job, and a run repeating
 * a finished one within the queue's retention gets its stored result, which is the same answer.
 */
function pageJobId(requestId: string, query: string, url: string): string {
  return `page-${createHash('sha256').update(`${requestId}\n${query}\n${url}`).digest('hex').slice(0, 32)}`;
}

/** Why a page job ended without a page result, as the row says it. */
function whyNotRead(error: unknown, deadline: number, startedAt: number, signal: AbortSignal | undefined): RowPage {
  if (error instanceof JobRunAbortedError) {
    const why = signal?.reason instanceof Error ? signal.reason.message : 'the request stopped waiting for pages';
    return snippetLevel('deadline', `the page was not read: ${why}`);
  }
  if (error instanceof JobDeadlineExceededError) {
    return snippetLevel(
      'deadline',
      `the page was not read by the request deadline (${Math.max(0, Math.round(deadline - startedAt))} ms for stage C)`,
    );
  }
  if (error instanceof JobFailedError) return snippetLevel('fetch_failed', error.reason);
  if (error instanceof InvalidJobPayloadError) return snippetLevel('fetch_refused', 'invalid_url');
  return snippetLevel('unavailable', 'the page queue is not available');
}

/** Page signals replace the snippet's where the page judge gave a parse; injection keeps the higher. */
function withPage(
  row: RankedCandidate,
  page: Extract<PageResult, { outcome: 'read' }>,
  fetchMs: number,
): RankedCandidate {
  const signals = { ...row.signals } as Signals;
  for (const name of SIGNAL_NAMES) signals[name] = page.signals[name] ?? row.signals[name];
  const injections = [row.signals.prompt_injection, page.signals.prompt_injection].filter(
    (s): s is number => s !== null,
  );
  signals.prompt_injection = injections.length > 0 ? Math.max(...injections) : null;
  const isRepublisher = page.is_republisher ?? row.isRepublisher;
  return {
    ...row,
    signals,
    isRepublisher,
    injectionReasons: [...new Set([...row.injectionReasons, ...page.injection_reasons])],
    // The page's spans point into the content it now shows; the snippet's stay valid beside them.
    injectionEvidence: [...(page.injection_evidence ?? []), ...row.injectionEvidence].slice(0, MAX_EVIDENCE_SPANS),
    score: scoreOf(signals, row.listRank ?? row.candidate.provider_rank, row.scoreWeights),
    gate: applyGates(signals, isRepublisher),
    // A worker of the previous version sends only the excerpt.
    content: page.content ?? page.excerpt,
    publishedAt: row.candidate.published_at ?? page.published_at,
    page: {
      judged_on: 'page',
      status: 'judged',
      final_url: page.final_url,
      fetch_ms: fetchMs,
      ...(page.hidden_text.kinds.length > 0 ? { hidden_text: page.hidden_text.kinds } : {}),
    },
  };
}

/**
 * Stage C of the cascade (`mode=deep`): the best stage-B survivors (at most `maxPages`) have their
 * pages read and judged by the ranking worker, in parallel, until the deadline. A judged page
 * re-scores its row and the gates run again on the new signals; every other row keeps its
 * snippet-level scores and says why in `page`.
 */
export async function runDeepStage(
  ranked: readonly RankedCandidate[],
  options: DeepStageOptions,
): Promise<DeepStageResult> {
  const survivors = ranked.filter((row) => row.judged && !row.gate.failed);
  // When the gates left nothing, the relax rule will return the pre-gate ranking: read those pages.
  const pool = survivors.length > 0 ? survivors : ranked.filter((row) => row.judged);
  const planned: RankedCandidate[] = [];
  const urls = new Set<string>();
  for (const row of pool) {
    if (planned.length >= options.maxPages) break;
    if (urls.has(row.candidate.url)) continue;
    urls.add(row.candidate.url);
    planned.push(row);
  }
  const plannedSet = new Set(planned);
  const usage: JudgeUsage = { calls: 0, input_tokens: 0, output_tokens: 0 };
  const { pages } = options;
  const startedAt = Date.now();
  let done = 0;
  let judged = 0;
  let fetched = 0;

  const settled = await Promise.all(
    planned.map(async (row): Promise<[RankedCandidate, RankedCandidate]> => {
      if (!pages)
        return [
          row,
          { ...row, page: snippetLevel('unavailable', 'deep mode has no ranking worker in this deployment') },
        ];
      const job: PageJob = {
        request_id: options.requestId,
        query: options.query,
        ...(options.maxChars ? { max_chars: options.maxChars } : {}),
        candidate: {
          url: row.candidate.url,
          title: row.candidate.title,
          snippet: row.candidate.snippet,
          provider_rank: row.candidate.provider_rank,
        },
      };
      let next: RankedCandidate;
      try {
        const result = await pages.run(job, {
          deadline: options.deadline,
          jobId: pageJobId(options.requestId, options.query, row.candidate.url),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        const fetchMs = Date.now() - startedAt;
        if (result.outcome === 'read') {
          judged += 1;
          fetched += 1;
          usage.calls += result.usage.judge_calls;
          usage.input_tokens += result.usage.input_tokens;
          usage.output_tokens += result.usage.output_tokens;
          next = withPage(row, result, fetchMs);
        } else {
          if (FETCHED_FAILURES.has(result.failure)) fetched += 1;
          const reason =
            result.failure === 'fetch_refused'
              ? result.reason
              : result.failure === 'deadline'
                ? `the page was not read by the request deadline: ${result.reason}`
                : result.reason;
          next = {
            ...row,
            page: snippetLevel(result.failure, reason, {
              ...(result.final_url ? { final_url: result.final_url } : {}),
              fetch_ms: fetchMs,
            }),
          };
        }
      } catch (error) {
        next = { ...row, page: whyNotRead(error, options.deadline, startedAt, options.signal) };
      }
      done += 1;
      options.onProgress?.({ done, planned: planned.length });
      return [row, next];
    }),
  );

  const replaced = new Map(settled);
  const notFetched = snippetLevel(
    'not_fetched',
    `outside the ${planned.length} page(s) read for this request (the best stage-B survivors)`,
  );
  const rows = ranked.map((row) => replaced.get(row) ?? (plannedSet.has(row) ? row : { ...row, page: notFetched }));
  rows.sort(compareRanked);
  return { ranked: rows, planned: planned.length, judged, fetched, usage };
}
