/**
 * The common driver of LLM judges. A wire protocol (OpenAI chat completions, Anthropic messages)
 * turns a prompt into one HTTP request and a response into text; the driver batches candidates,
 * runs batches with bounded concurrency, holds each batch to its time budget, retries once on
 * 429/5xx/network errors and parses the verdicts.
 *
 * A judge failure never fails the search: the batch's signals stay unparsed (the gates decide what
 * that means; the local detector still scores injection and the cascade takes the maximum) and
 * the result counts it in `errors` with a warning the service can log. Only the caller's abort
 * rejects. Warnings and errors are our own words: never the key, the prompt or model output.
 */
import { parseRetryAfter } from '@rankgate/platform/upstream';
import type { JudgeInput, JudgeMode, JudgeVerdict } from '../judge.ts';
import type { JudgePrompt, PromptLimits } from './judge-prompt.ts';
import { buildJudgePrompt, DEFAULT_PROMPT_LIMITS } from './judge-prompt.ts';
import { rankListwise } from './listwise-order.ts';
import type { TokenUsage } from './token-usage.ts';
import { buildListwisePrompt, parsePermutation } from './listwise-prompt.ts';
import { parseVerdicts, unparsedVerdict } from './parse-verdicts.ts';
import { readCappedText } from '@rankgate/platform/upstream';
import { currentTraceparent } from '@rankgate/platform/tracing';

export type { TokenUsage } from './token-usage.ts';
export type {
  HttpRequestSpec,
  JudgeWarning,
  LlmJudge,
  LlmJudgeOptions,
  LlmJudgeResult,
  LlmProtocol,
  LlmReply,
} from './llm-judge-types.ts';
export { LLM_JUDGE_DEFAULTS } from './llm-judge-types.ts';
import type {
  HttpRequestSpec,
  JudgeWarning,
  JudgeWarningKind,
  LlmJudge,
  LlmJudgeOptions,
  LlmJudgeResult,
  LlmProtocol,
  LlmReply,
} from './llm-judge-types.ts';
import { LLM_JUDGE_DEFAULTS } from './llm-judge-types.ts';

/** Error bodies are read only to spot a rejected response format. */
const MAX_ERROR_BYTES = 64 * 1024;

function positiveInt(value: number | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`The judge option ${what} must be a positive integer.`);
  return value;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

type Attempt =
  | { kind: 'ok'; body: unknown }
  | { kind: 'status'; status: number; retryAfterSeconds: number | undefined; errorText: string }
  | { kind: 'unreachable' }
  | { kind: 'timeout' }
  | { kind: 'invalid' };

interface BatchOutcome {
  verdicts: JudgeVerdict[];
  calls: number;
  usage: TokenUsage;
  failed: boolean;
}

/** One prompt's answer, parsed; `value` is null when the call failed (a warning says why). */
interface CallOutcome<T> {
  value: T | null;
  calls: number;
  usage: TokenUsage;
}

/** Which call of a `judge()` a warning is about, and what its failure means. */
interface CallContext {
  index: number;
  candidates: number;
  /** Ends the warning's message: what happens to the candidates when this call fails. */
  consequence: string;
  /** What the model was asked to do ("judge the batch", "rank the window"). */
  task: string;
}

/** Builds a judge from a wire protocol. */
export function createLlmJudge(protocol: LlmProtocol, options: LlmJudgeOptions = {}): LlmJudge {
  const batchSize = positiveInt(options.batchSize, LLM_JUDGE_DEFAULTS.batchSize, 'batchSize');
  const concurrency = positiveInt(options.concurrency, LLM_JUDGE_DEFAULTS.concurrency, 'concurrency');
  const timeoutMs = positiveInt(options.timeoutMs, LLM_JUDGE_DEFAULTS.timeoutMs, 'timeoutMs');
  const maxRetryWaitMs = options.maxRetryWaitMs ?? LLM_JUDGE_DEFAULTS.maxRetryWaitMs;
  const retryDelayMs = options.retryDelayMs ?? LLM_JUDGE_DEFAULTS.retryDelayMs;
  const maxResponseBytes = positiveInt(
    options.maxResponseBytes,
    LLM_JUDGE_DEFAULTS.maxResponseBytes,
    'maxResponseBytes',
  );
  const limits: PromptLimits = { ...DEFAULT_PROMPT_LIMITS, ...options.limits };
  const mode: JudgeMode = options.mode ?? 'pointwise';
  const { name } = protocol;

  async function send(spec: HttpRequestSpec, budgetMs: number, signal: AbortSignal): Promise<Attempt> {
    const timer = AbortSignal.timeout(budgetMs);
    const combined = AbortSignal.any([signal, timer]);
    const failure = (): Attempt => {
      if (signal.aborted) throw abortReason(signal);
      return timer.aborted ? { kind: 'timeout' } : { kind: 'unreachable' };
    };
    const headers = new Headers(spec.headers);
    headers.set('content-type', 'application/json');
    headers.set('accept', 'application/json');
    const traceparent = currentTraceparent();
    if (traceparent) headers.set('traceparent', traceparent);
    let response: Response;
    try {
      // Redirects are not followed: a hop elsewhere would carry the key header along.
      response = await fetch(spec.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(spec.body),
        signal: combined,
        redirect: 'manual',
      });
    } catch {
      return failure();
    }
    let text: string | undefined;
    try {
      text = await readCappedText(response, response.ok ? maxResponseBytes : MAX_ERROR_BYTES);
    } catch {
      return failure();
    }
    if (!response.ok) {
      const retryAfterSeconds =
        response.status === 429 || response.status >= 500
          ? parseRetryAfter(response.headers.get('retry-after'))
          : undefined;
      return { kind: 'status', status: response.status, retryAfterSeconds, errorText: text ?? '' };
    }
    if (text === undefined) return { kind: 'invalid' };
    try {
      return { kind: 'ok', body: JSON.parse(text) as unknown };
    } catch {
      return { kind: 'invalid' };
    }
  }

  /** Sends one prompt (retrying once, within its time budget) and parses the reply's text. */
  async function call<T>(
    prompt: JudgePrompt,
    parse: (text: string) => T | null | undefined,
    context: CallContext,
    signal: AbortSignal,
    warn: (warning: JudgeWarning) => void,
  ): Promise<CallOutcome<T>> {
    const { index, candidates } = context;
    const deadline = Date.now() + timeoutMs;
    const usage: TokenUsage = { input_tokens: 0, output_tokens: 0 };
    let calls = 0;
    let retried = false;
    let adapted = false;

    const fail = (kind: JudgeWarningKind, detail: string, status?: number): CallOutcome<T> => {
      warn({
        judge: name,
        kind,
        ...(status === undefined ? {} : { status }),
        batch: index,
        candidates,
        attempts: calls,
        message: `The ${name} judge ${detail}; ${context.consequence}.`,
      });
      return { value: null, calls, usage };
    };

    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return fail('timeout', `did not answer within ${timeoutMs} ms`);
      const spec = protocol.request(prompt);
      calls += 1;
      const attempt = await send(spec, remaining, signal);

      if (attempt.kind === 'ok') {
        let reply: LlmReply;
        try {
          reply = protocol.read(attempt.body, prompt);
        } catch {
          reply = { kind: 'invalid', usage: { input_tokens: 0, output_tokens: 0 } };
        }
        usage.input_tokens += reply.usage.input_tokens;
        usage.output_tokens += reply.usage.output_tokens;
        switch (reply.kind) {
          case 'refusal':
            return fail('refusal', `refused to ${context.task}`);
          case 'truncated':
            return fail('truncated', 'stopped at its output token limit (raise maxOutputTokens or lower batchSize)');
          case 'invalid':
            return fail('invalid_response', `sent a response that is not a ${name} reply`);
          case 'text': {
            const value = parse(reply.text);
            if (value === null || value === undefined)
              return fail('malformed_output', 'sent a reply that is not in the format asked for');
            return { value, calls, usage };
          }
        }
      }
      if (attempt.kind === 'timeout') return fail('timeout', `did not answer within ${timeoutMs} ms`);
      if (attempt.kind === 'invalid') return fail('invalid_response', `sent a response that is not a ${name} reply`);

      let waitMs = retryDelayMs;
      if (attempt.kind === 'status') {
        const { status } = attempt;
        if (status >= 400 && status < 500 && !adapted && protocol.adapt?.(status, attempt.errorText, spec)) {
          adapted = true;
          warn({
            judge: name,
            kind: 'fallback',
            status,
            batch: index,
            candidates,
            attempts: calls,
            message: `The ${name} judge endpoint rejected the structured response format (HTTP ${status}); falling back to JSON mode.`,
          });
          continue;
        }
        if (status !== 429 && status < 500) return fail('http_status', `answered HTTP ${status}`, status);
        if (retried) return fail('http_status', `answered HTTP ${status} twice`, status);
        if (attempt.retryAfterSeconds !== undefined) {
          const askedMs = attempt.retryAfterSeconds * 1000;
          if (askedMs >= deadline - Date.now()) {
            return fail('http_status', `answered HTTP ${status} and asked to wait longer than the time left`, status);
          }
          waitMs = Math.min(askedMs, maxRetryWaitMs);
        }
      } else if (retried) {
        return fail('unreachable', 'could not be reached (after one retry)');
      }
      if (waitMs >= deadline - Date.now()) return fail('timeout', `did not answer within ${timeoutMs} ms`);
      retried = true;
      await sleep(waitMs, signal);
    }
  }

  async function judgeBatch(
    query: string,
    batch: readonly JudgeInput[],
    index: number,
    signal: AbortSignal,
    warn: (warning: JudgeWarning) => void,
  ): Promise<BatchOutcome> {
    const prompt = buildJudgePrompt(query, batch, limits);
    const consequence = `${batch.length} candidate${batch.length === 1 ? '' : 's'} left unparsed`;
    const outcome = await call(
      prompt,
      (text) => parseVerdicts(text, prompt.ids),
      {
        index,
        candidates: batch.length,
        task: 'judge the batch',
        consequence,
      },
      signal,
      warn,
    );
    const verdicts = outcome.value ?? batch.map((input) => unparsedVerdict(input.id));
    return { verdicts, calls: outcome.calls, usage: outcome.usage, failed: outcome.value === null };
  }

  return {
    name,
    async judge(query, inputs, { signal }): Promise<LlmJudgeResult> {
      if (signal.aborted) throw abortReason(signal);
      const warnings: JudgeWarning[] = [];
      const warn = (warning: JudgeWarning) => {
        warnings.push(warning);
        try {
          options.onWarning?.(warning);
        } catch {
          // a logging hook must not break the search
        }
      };
      const batches: JudgeInput[][] = [];
      for (let start = 0; start < inputs.length; start += batchSize)
        batches.push(inputs.slice(start, start + batchSize));

      const outcomes: BatchOutcome[] = [];
      let next = 0;
      const worker = async () => {
        while (next < batches.length) {
          const index = next;
          next += 1;
          const batch = batches[index];
          if (batch) outcomes[index] = await judgeBatch(query, batch, index, signal, warn);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));

      const result: LlmJudgeResult = {
        verdicts: [],
        usage: { calls: 0, input_tokens: 0, output_tokens: 0 },
        errors: 0,
        warnings,
      };
      for (const outcome of outcomes) {
        result.verdicts.push(...outcome.verdicts);
        result.usage.calls += outcome.calls;
        result.usage.input_tokens += outcome.usage.input_tokens;
        result.usage.output_tokens += outcome.usage.output_tokens;
        if (outcome.failed) result.errors += 1;
      }
      if (mode === 'listwise' && inputs.length > 1) {
        const pass = await rankListwise(inputs, result.verdicts, (window, index) => {
          const prompt = buildListwisePrompt(query, window, limits);
          return call(
            prompt,
            (text) => parsePermutation(text, window.length),
            {
              index: batches.length + index,
              candidates: window.length,
              task: 'rank the window',
              consequence: `${window.length} candidates keep the pointwise order`,
            },
            signal,
            warn,
          );
        });
        result.usage.calls += pass.calls;
        result.usage.input_tokens += pass.usage.input_tokens;
        result.usage.output_tokens += pass.usage.output_tokens;
        result.errors += pass.failed;
      }
      return result;
    },
  };
}

export { normaliseBaseUrl, tokenCount } from './wire-values.ts';
