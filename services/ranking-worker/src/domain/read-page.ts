import type { PageFailed, PageFailure, PageJob, PageRead, PageResult, Signals } from '@rankgate/contracts';
import { SIGNAL_NAMES } from '@rankgate/contracts';
import type { SafeFetcher, SafeFetchResult } from '@rankgate/platform/fetch';
import { decodeText, FetchFailedError, FetchRefusedError } from '@rankgate/platform/fetch';
import type { JobContext } from '@rankgate/platform/queue';
import type { Judge } from '@rankgate/ranking';
import { analyzeQuery } from '@rankgate/ranking';

import { bestExcerpt } from '../extract/best-excerpt.ts';
import type { ExtractedPage } from '../extract/extract-page.ts';
import type { PageExtractor } from '../extract/extract-pool.ts';
import { ExtractBudgetError } from '../extract/extract-pool.ts';
import { emptyPageReason } from '../extract/empty-page.ts';
import { cutToRelevant } from '../extract/relevant-passages.ts';
import { evidenceInContent } from './content-evidence.ts';
import { readForExtract } from './read-for-extract.ts';
import { screenPage } from './screen-page.ts';

export interface PageReaderDependencies {
  fetcher: SafeFetcher;
  /** Parses pages off the main thread, each under a time and memory budget. */
  extractor: PageExtractor;
  judge: Judge;
  /** Time kept back from the fetch before the deadline, for extraction and the judge. */
  judgeReserveMs: number;
  /** Length of the excerpt a row shows as `content`. */
  excerptChars: number;
  /** Page text handed to the judge (an LLM judge cuts it further for its prompt). */
  maxTextChars: number;
}

/** Statuses worth another attempt: the same URL may well answer next time. */
const TRANSIENT_STATUS = (status: number): boolean =>
  status === 408 || status === 425 || status === 429 || status >= 500;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

const elapsed = (from: number): number => Math.round((performance.now() - from) * 10) / 10;

/** A body without a media type that plainly is HTML is read as HTML (servers forget the header). */
function sniffHtml(body: Buffer): boolean {
  return /^\s*(?:<!doctype html|<html|<head|<body)/i.test(body.subarray(0, 512).toString('latin1'));
}

async function extract(page: SafeFetchResult, extractor: PageExtractor): Promise<ExtractedPage | PageFailure> {
  const type = page.contentType || (sniffHtml(page.body) ? 'text/html' : '');
  if (HTML_TYPES.has(type)) return extractor.extract('html', decodeText(page.body, page.charset));
  if (type === 'text/plain') return extractor.extract('text', decodeText(page.body, page.charset));
  return 'unsupported_type';
}

/**
 * One deep-mode page job: fetch the candidate's page (safely), extract its readable text and
 * hidden text, judge the text against the query and screen both for injection. Failures a retry
 * cannot fix come back as a typed `failed` result; transient ones (connection errors, 5xx, 429)
 * throw, so the queue retries them within the attempts the producer allowed.
 */
export async function readPage(job: PageJob, context: JobContext, deps: PageReaderDependencies): Promise<PageResult> {
  const started = performance.now();
  const failed = (failure: PageFailure, reason: string, extra: Partial<PageFailed> = {}): PageFailed => ({
    outcome: 'failed',
    failure,
    reason,
    ...extra,
    timings_ms: { total: elapsed(started) },
  });

  const fetchBudgetMs = context.deadline - Date.now() - deps.judgeReserveMs;
  if (fetchBudgetMs <= 0) return failed('deadline', 'no time left to fetch before the deadline');
  const budget = AbortSignal.timeout(fetchBudgetMs);
  let page: SafeFetchResult;
  try {
    page = await deps.fetcher.fetch(job.candidate.url, { signal: AbortSignal.any([context.signal, budget]) });
  } catch (error) {
    if (error instanceof FetchRefusedError) return failed('fetch_refused', error.reason);
    if (error instanceof FetchFailedError && error.code === 'ABORTED' && budget.aborted && !context.signal.aborted) {
      return failed('deadline', `not fetched within the ${fetchBudgetMs} ms left before the deadline`);
    }
    throw error; // connection errors and the like: worth a retry; after the deadline, runAttempt stops it
  }
  const fetchMs = elapsed(started);
  const at = { final_url: page.url, status: page.status };
  if (page.status < 200 || page.status > 299) {
    if (TRANSIENT_STATUS(page.status)) throw new Error(`HTTP ${page.status} from ${page.url}`);
    return failed('http_status', `HTTP ${page.status}`, at);
  }

  const extractStarted = performance.now();
  let extracted: ExtractedPage | PageFailure;
  try {
    extracted = await extract(page, deps.extractor);
  } catch (error) {
    // Over budget: this page's row says so; the thread that parsed it is already replaced.
    if (error instanceof ExtractBudgetError) return failed('timeout', error.message, at);
    throw error;
  }
  if (typeof extracted === 'string') return failed(extracted, page.contentType || 'no media type', at);
  const empty = emptyPageReason(extracted.title, extracted.text);
  if (empty) return failed('no_text', empty, at);
  const extractMs = elapsed(extractStarted);
  if (job.kind === 'extract')
    return readForExtract(job, page, extracted, context, {
      fetch: fetchMs,
      extract: extractMs,
      total: elapsed(started),
    });

  const judgeStarted = performance.now();
  const text = extracted.text.slice(0, deps.maxTextChars);
  const { verdicts, usage } = await deps.judge.judge(
    job.query,
    [
      {
        id: 0,
        title: job.candidate.title,
        url: page.url,
        snippet: job.candidate.snippet,
        content: text,
      },
    ],
    { signal: context.signal },
  );
  const verdict = verdicts.find((v) => v.id === 0);
  const signals = Object.fromEntries(
    SIGNAL_NAMES.map((name) => {
      const value = verdict?.signals[name];
      return [name, typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : null];
    }),
  ) as Signals;
  const screened = screenPage(
    { title: job.candidate.title, snippet: job.candidate.snippet, text, hidden: extracted.hidden },
    signals.prompt_injection,
  );
  signals.prompt_injection = screened.score;
  const excerpt = bestExcerpt(extracted.text, analyzeQuery(job.query), deps.excerptChars);
  const cut: { content?: string; truncated?: boolean } = job.max_chars
    ? cutToRelevant(extracted.text, job.query, job.max_chars)
    : {};
  // The row shows `content` when the job asked for it, else the excerpt: spans point into what it shows.
  const evidence = evidenceInContent(text, screened.evidence, cut.content ?? excerpt);

  const result: PageRead = {
    outcome: 'read',
    ...at,
    content_type: page.contentType || 'text/html',
    title: extracted.title,
    published_at: extracted.publishedAt,
    excerpt,
    ...cut,
    text_chars: extracted.text.length,
    signals,
    is_republisher: verdict?.is_republisher ?? null,
    injection_reasons: screened.reasons,
    ...(evidence.length > 0 ? { injection_evidence: evidence } : {}),
    hidden_text: { chars: extracted.hidden.text.length, kinds: extracted.hidden.kinds },
    usage: { judge_calls: usage.calls, input_tokens: usage.input_tokens, output_tokens: usage.output_tokens },
    timings_ms: { fetch: fetchMs, extract: extractMs, judge: elapsed(judgeStarted), total: elapsed(started) },
    attempt: context.attempt,
  };
  return result;
}
