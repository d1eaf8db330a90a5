/**
 * The `openai` judge: any OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama,
 * llama.cpp server, OpenRouter). It asks for strict `json_schema` output; when the server rejects
 * that (HTTP 400 naming response_format / json_schema) it falls back to `json_object` for this and
 * every later call of the judge.
 */
import type { JudgePrompt } from './judge-prompt.ts';
import { JUDGE_OUTPUT_SCHEMA } from './judge-prompt.ts';
import type { HttpRequestSpec, LlmJudge, LlmJudgeOptions, LlmProtocol, LlmReply } from './llm-judge.ts';
import { createLlmJudge, normaliseBaseUrl, tokenCount } from './llm-judge.ts';

export interface OpenAiJudgeOptions extends LlmJudgeOptions {
  /** API root including the version, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer` when given (local servers often need none). */
  apiKey?: string;
  /** Sent as `max_tokens` when given; the server's default otherwise. */
  maxOutputTokens?: number;
}

type ResponseMode = 'json_schema' | 'json_object';

/** Name of the structured-output schema (a-zA-Z0-9_-, at most 64 characters). */
const SCHEMA_NAME = 'rankgate_judgement';

const REJECTS_SCHEMA = /response_format|json_schema/i;

function readOpenAi(body: unknown): LlmReply {
  const root = (body && typeof body === 'object' ? body : {}) as {
    choices?: unknown;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const usage = {
    input_tokens: tokenCount(root.usage?.prompt_tokens),
    output_tokens: tokenCount(root.usage?.completion_tokens),
  };
  const choice = Array.isArray(root.choices) ? (root.choices[0] as unknown) : undefined;
  if (!choice || typeof choice !== 'object') return { kind: 'invalid', usage };
  const { message, finish_reason: finish } = choice as { message?: unknown; finish_reason?: unknown };
  if (!message || typeof message !== 'object') return { kind: 'invalid', usage };
  const { content, refusal } = message as { content?: unknown; refusal?: unknown };
  if (refusal !== undefined && refusal !== null) return { kind: 'refusal', usage };
  if (finish === 'content_filter') return { kind: 'refusal', usage };
  if (finish === 'length') return { kind: 'truncated', usage };
  if (typeof content === 'string') return { kind: 'text', text: content, usage };
  // Some servers send content parts: [{type: 'text', text}].
  if (Array.isArray(content)) {
    const text = content
      .map((part: unknown) =>
        part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
    return { kind: 'text', text, usage };
  }
  return { kind: 'invalid', usage };
}

export function createOpenAiJudge(options: OpenAiJudgeOptions): LlmJudge {
  const url = `${normaliseBaseUrl(options.baseUrl, 'openai')}/chat/completions`;
  const { model, apiKey, maxOutputTokens } = options;
  if (!model) throw new TypeError('The openai judge needs a model name.');
  let mode: ResponseMode = 'json_schema';

  const protocol: LlmProtocol = {
    name: 'openai',
    request(prompt: JudgePrompt): HttpRequestSpec {
      return {
        url,
        headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
        body: {
          model,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
          temperature: 0,
          ...(maxOutputTokens === undefined ? {} : { max_tokens: maxOutputTokens }),
          // A listwise permutation (`[2] > [1]`) is plain text: no JSON format then.
          ...(prompt.reply === 'permutation'
            ? {}
            : {
                response_format:
                  mode === 'json_schema'
                    ? {
                        type: 'json_schema',
                        json_schema: { name: SCHEMA_NAME, strict: true, schema: JUDGE_OUTPUT_SCHEMA },
                      }
                    : { type: 'json_object' },
              }),
        },
      };
    },
    read: readOpenAi,
    adapt(status, errorText, sent) {
      const sentMode = (sent.body as { response_format?: { type?: unknown } }).response_format?.type;
      if (status !== 400 || sentMode !== 'json_schema' || !REJECTS_SCHEMA.test(errorText)) return false;
      mode = 'json_object';
      return true;
    },
  };
  return createLlmJudge(protocol, options);
}
