/**
 * What an LLM judge is made of and gives back: the wire protocol a provider adapter implements,
 * the judge's options and defaults, and the warnings it reports instead of failing a search.
 */
import type { Judge, JudgeInput, JudgeMode, JudgeResult } from '../judge.ts';
import type { JudgePrompt, PromptLimits } from './judge-prompt.ts';
import type { TokenUsage } from './token-usage.ts';

/** What a protocol reads from a 2xx response body. */
export type LlmReply =
  | { kind: 'text'; text: string; usage: TokenUsage }
  /** The model declined (OpenAI `message.refusal`, Anthropic `stop_reason: refusal`). */
  | { kind: 'refusal'; usage: TokenUsage }
  /** The reply hit the output token limit: its JSON is cut off. */
  | { kind: 'truncated'; usage: TokenUsage }
  /** Not a reply of this protocol at all. */
  | { kind: 'invalid'; usage: TokenUsage };

export interface HttpRequestSpec {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface LlmProtocol {
  /** The judge's name (`openai`, `anthropic`). */
  readonly name: string;
  /** One request for one batch. Called again for a retry, so it may reflect a changed mode. */
  request(prompt: JudgePrompt): HttpRequestSpec;
  /** Reads a 2xx body; `prompt` is the one the request carried. */
  read(body: unknown, prompt: JudgePrompt): LlmReply;
  /**
   * Called for a 4xx answer with its body text (read for this decision only, never logged).
   * Returning true sends the batch again at once (e.g. after falling back to another JSON mode).
   */
  adapt?(status: number, errorText: string, sent: HttpRequestSpec): boolean;
}

export type JudgeWarningKind =
  | 'http_status'
  | 'unreachable'
  | 'timeout'
  | 'invalid_response'
  | 'refusal'
  | 'truncated'
  | 'malformed_output'
  /** Informational: the server rejected structured output and the judge fell back (not an error). */
  | 'fallback';

export interface JudgeWarning {
  judge: string;
  kind: JudgeWarningKind;
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  /** 0-based batch index within the `judge()` call. */
  batch: number;
  /** Candidates in that batch (all left unparsed unless `kind` is `fallback`). */
  candidates: number;
  /** HTTP requests made for the batch so far. */
  attempts: number;
  /** Our words, safe to log and show: never a key, a URL, the prompt or model output. */
  message: string;
}

export interface LlmJudgeResult extends JudgeResult {
  /**
   * Batches left wholly unparsed (request failed after the retry, refusal, truncation, malformed reply), and in
   * listwise mode windows that kept their order for the same reasons.
   */
  errors: number;
  warnings: JudgeWarning[];
}

export interface LlmJudge extends Judge {
  judge(query: string, inputs: readonly JudgeInput[], options: { signal: AbortSignal }): Promise<LlmJudgeResult>;
}

export interface LlmJudgeOptions {
  /** Candidates per request (default 8). */
  batchSize?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Time budget of one batch, both attempts and the wait between them included (default 20000 ms). */
  timeoutMs?: number;
  /** Longest wait before the retry, whatever `Retry-After` asks (default 10000 ms). */
  maxRetryWaitMs?: number;
  /** Wait before the retry when the server sends no `Retry-After` (default 500 ms). */
  retryDelayMs?: number;
  /** Largest response body read (default 1 MiB). */
  maxResponseBytes?: number;
  /** Per-field character budgets of the prompt. */
  limits?: Partial<PromptLimits>;
  /** Called for every warning as it happens (also returned in the result). Must not throw. */
  onWarning?: (warning: JudgeWarning) => void;
  /**
   * `listwise` adds a sliding-window listwise pass over the batch after the pointwise verdicts (default `pointwise`).
   */
  mode?: JudgeMode;
}

export const LLM_JUDGE_DEFAULTS = {
  batchSize: 8,
  concurrency: 4,
  timeoutMs: 20_000,
  maxRetryWaitMs: 10_000,
  retryDelayMs: 500,
  maxResponseBytes: 1024 * 1024,
} as const;
