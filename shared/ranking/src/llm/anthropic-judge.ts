/**
 * The `anthropic` judge: the Messages API. The system prompt asks for JSON only; with `prefill`
 * the assistant turn starts with `{` so the reply cannot open with prose (leave it off for models
 * that do not accept a prefilled turn: the parser also finds the object inside prose).
 */
import type { JudgePrompt } from './judge-prompt.ts';
import type { HttpRequestSpec, LlmJudge, LlmJudgeOptions, LlmProtocol, LlmReply } from './llm-judge.ts';
import { createLlmJudge, LLM_JUDGE_DEFAULTS, normaliseBaseUrl, tokenCount } from './llm-judge.ts';

const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
const ANTHROPIC_VERSION = '2023-06-01';

export interface AnthropicJudgeOptions extends LlmJudgeOptions {
  /** API origin (default `https://api.anthropic.com`); a trailing `/v1` is accepted. */
  baseUrl?: string;
  model: string;
  apiKey: string;
  /** `max_tokens` (required by the API); default 200 per candidate of a batch, at least 1024. */
  maxOutputTokens?: number;
  /** Start the assistant turn with `{` (default false). */
  prefill?: boolean;
}

function readAnthropic(body: unknown, prefill: boolean): LlmReply {
  const root = (body && typeof body === 'object' ? body : {}) as {
    content?: unknown;
    stop_reason?: unknown;
    usage?: {
      input_tokens?: unknown;
      output_tokens?: unknown;
      cache_creation_input_tokens?: unknown;
      cache_read_input_tokens?: unknown;
    };
  };
  const usage = {
    input_tokens:
      tokenCount(root.usage?.input_tokens) +
      tokenCount(root.usage?.cache_creation_input_tokens) +
      tokenCount(root.usage?.cache_read_input_tokens),
    output_tokens: tokenCount(root.usage?.output_tokens),
  };
  if (root.stop_reason === 'refusal') return { kind: 'refusal', usage };
  if (root.stop_reason === 'max_tokens') return { kind: 'truncated', usage };
  if (!Array.isArray(root.content)) return { kind: 'invalid', usage };
  const text = root.content
    .map((block: unknown) => {
      if (!block || typeof block !== 'object') return '';
      const { type, text: value } = block as { type?: unknown; text?: unknown };
      return type === 'text' && typeof value === 'string' ? value : '';
    })
    .join('');
  return { kind: 'text', text: prefill && !text.trimStart().startsWith('{') ? `{${text}` : text, usage };
}

export function createAnthropicJudge(options: AnthropicJudgeOptions): LlmJudge {
  const base = normaliseBaseUrl(options.baseUrl ?? ANTHROPIC_BASE_URL, 'anthropic').replace(/\/v1$/, '');
  const url = `${base}/v1/messages`;
  const { model, apiKey, prefill = false } = options;
  if (!model) throw new TypeError('The anthropic judge needs a model name.');
  if (!apiKey) throw new TypeError('The anthropic judge needs an API key.');
  const batchSize = options.batchSize ?? LLM_JUDGE_DEFAULTS.batchSize;
  const maxTokens = options.maxOutputTokens ?? Math.max(1024, 200 * batchSize);

  const protocol: LlmProtocol = {
    name: 'anthropic',
    request(prompt: JudgePrompt): HttpRequestSpec {
      const prefilled = prefill && prompt.reply !== 'permutation';
      return {
        url,
        headers: { 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION },
        body: {
          model,
          max_tokens: maxTokens,
          system: prompt.system,
          messages: [
            { role: 'user', content: prompt.user },
            ...(prefilled ? [{ role: 'assistant', content: '{' }] : []),
          ],
          temperature: 0,
        },
      };
    },
    read: (body, prompt) => readAnthropic(body, prefill && prompt.reply !== 'permutation'),
  };
  return createLlmJudge(protocol, options);
}
