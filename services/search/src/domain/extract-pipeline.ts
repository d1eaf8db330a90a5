import { createHash } from 'node:crypto';

import type {
  ExtractedPage,
  ExtractRequest,
  ExtractResponse,
  PageFailed,
  PageJob,
  PageRead,
  PageResult,
} from '@rankgate/contracts';
import { PROMPT_INJECTION_THRESHOLD } from '@rankgate/contracts';
import { ProblemError } from '@rankgate/contracts/problems';
import type { JobProducer } from '@rankgate/platform/queue';
import {
  InvalidJobPayloadError,
  JobDeadlineExceededError,
  JobFailedError,
  JobRunAbortedError,
} from '@rankgate/platform/queue';
import { injectionRisk } from '@rankgate/ranking/screening';
import { SERVICE_VERSION } from '@rankgate/platform/version';

export interface ExtractDependencies {
  /** The page queue (the same as deep mode's); absent when no ranking worker can consume it. */
  pages: JobProducer<PageJob, PageResult> | undefined;
  /** The call answers within this many ms of its arrival (the deep-mode deadline). */
  deadlineMs: number;
  /** Aborts when the service is shutting down: pages not read by then say so. */
  wrapUp?: AbortSignal;
}

export interface ExtractContext {
  requestId: string;
  signal: AbortSignal;
  receivedAt?: number;
}

const RESPONSE_MARGIN_MS = 100;
const REASON_MAX_CHARS = 200;
const elapsed = (from: number): number => Math.round((performance.now() - from) * 10) / 10;
const short = (reason: string): string =>
  reason.length > REASON_MAX_CHARS ? `${reason.slice(0, REASON_MAX_CHARS - 1)}…` : reason;

/** A page not read: no text, no score, the reason. */
function notRead(
  url: string,
  status: ExtractedPage['status'],
  reason: string,
  extra: Partial<ExtractedPage> = {},
): ExtractedPage {
  return {
    url,
    status,
    reason: short(reason),
    final_url: null,
    title: null,
    published_at: null,
    content: null,
    text_chars: 0,
    truncated: false,
    signals: { prompt_injection: null },
    injection_risk: 'low',
    injection_reasons: [],
    ...extra,
  };
}

/** The worker's failure as an extract status. */
function fromFailure(url: string, failed: PageFailed, fetchMs: number): ExtractedPage {
  const at = { ...(failed.final_url ? { final_url: failed.final_url } : {}), fetch_ms: fetchMs };
  switch (failed.failure) {
    case 'fetch_refused':
      if (failed.reason === 'too_large' || failed.reason === 'decompression')
        return notRead(url, 'too_large', `the page is larger than the fetcher reads (${failed.reason})`, at);
      if (failed.reason === 'timeout')
        return notRead(url, 'timeout', 'the page did not arrive within the fetch timeout', at);
      return notRead(url, 'refused', failed.reason, at);
    case 'http_status':
      return notRead(url, 'http_error', failed.reason, at);
    case 'unsupported_type':
      return notRead(url, 'unsupported_type', `not HTML or text (${failed.reason})`, at);
    case 'no_text':
      return notRead(url, 'empty', failed.reason, at);
    case 'deadline':
      return notRead(url, 'timeout', failed.reason, at);
    case 'timeout':
      return notRead(url, 'timeout', `the page took more than its parsing budget (${failed.reason})`, at);
  }
}

/** A page read and screened; a high-risk page's text is withheld (its reasons say why). */
function fromRead(url: string, read: PageRead, fetchMs: number): ExtractedPage {
  const score = read.signals.prompt_injection;
  const risk = injectionRisk(score, PROMPT_INJECTION_THRESHOLD);
  const withheld = risk === 'high';
  return {
    url,
    status: 'ok',
    final_url: read.final_url,
    title: read.title,
    published_at: read.published_at,
    content: withheld ? null : (read.content ?? read.excerpt),
    text_chars: read.text_chars,
    truncated: read.truncated ?? false,
    ...(withheld ? { withheld: true, reason: 'the page carries a prompt injection; its text is withheld' } : {}),
    signals: { prompt_injection: score },
    injection_risk: risk,
    injection_reasons: read.injection_reasons,
    ...(!withheld && read.injection_evidence?.length ? { injection_evidence: read.injection_evidence } : {}),
    ...(read.hidden_text.kinds.length > 0 ? { hidden_text: read.hidden_text.kinds } : {}),
    fetch_ms: fetchMs,
  };
}

function fromError(url: string, error: unknown): ExtractedPage {
  if (error instanceof JobRunAbortedError) return notRead(url, 'timeout', 'the call stopped waiting for the page');
  if (error instanceof JobDeadlineExceededError)
    return notRead(url, 'timeout', "the page was not read by the call's deadline");
  if (error instanceof JobFailedError) return notRead(url, 'failed', error.reason);
  if (error instanceof InvalidJobPayloadError) return notRead(url, 'refused', 'invalid_url');
  return notRead(url, 'failed', 'the page queue is not available');
}

/** One job per (request, URL, cut): a repeated URL in one call shares its read. */
function extractJobId(requestId: string, url: string, job: PageJob): string {
  return `extract-${createHash('sha256')
    .update(`${requestId}\n${url}\n${job.query}\n${job.max_chars ?? ''}`)
    .digest('hex')
    .slice(0, 32)}`;
}

/**
 * `POST /v1/extract`: each URL becomes an `extract` page job on deep mode's queue, read by a
 * ranking-worker through the safe fetcher and screened like a deep-mode page; every URL answers
 * with its own status, so one refused or failed page never fails the call.
 */
export async function runExtract(
  request: ExtractRequest,
  context: ExtractContext,
  deps: ExtractDependencies,
): Promise<ExtractResponse> {
  const { pages } = deps;
  if (!pages) {
    throw new ProblemError(
      'SERVICE_UNAVAILABLE',
      'Pages cannot be read in this deployment: no ranking worker consumes the page queue.',
      {
        hint: 'The operator must run a ranking-worker (npm start, or the split topology with REDIS_URL).',
        headers: { 'retry-after': '60' },
      },
    );
  }
  const received = context.receivedAt ?? performance.now();
  const deadline = Math.floor(Date.now() - (performance.now() - received) + deps.deadlineMs - RESPONSE_MARGIN_MS);
  const signal = deps.wrapUp ? AbortSignal.any([context.signal, deps.wrapUp]) : context.signal;
  const startedAt = Date.now();
  const results = await Promise.all(
    request.urls.map(async (url): Promise<ExtractedPage> => {
      const job: PageJob = {
        request_id: context.requestId,
        query: request.query ?? '',
        kind: 'extract',
        max_chars: request.max_chars,
        candidate: { url, title: '', snippet: '', provider_rank: 1 },
      };
      try {
        const result = await pages.run(job, { deadline, jobId: extractJobId(context.requestId, url, job), signal });
        const fetchMs = Date.now() - startedAt;
        return result.outcome === 'read' ? fromRead(url, result, fetchMs) : fromFailure(url, result, fetchMs);
      } catch (error) {
        return fromError(url, error);
      }
    }),
  );
  const ok = results.filter((page) => page.status === 'ok').length;
  return {
    results,
    meta: {
      service_version: SERVICE_VERSION,
      request_id: context.requestId,
      max_chars: request.max_chars,
      counts: { asked: results.length, ok, failed: results.length - ok },
      timings_ms: { total: elapsed(received) },
    },
  };
}
