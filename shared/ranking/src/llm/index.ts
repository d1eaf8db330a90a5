export type { AnthropicJudgeOptions } from './anthropic-judge.ts';
export { ANTHROPIC_BASE_URL, ANTHROPIC_VERSION, createAnthropicJudge } from './anthropic-judge.ts';
export type { JudgePrompt, PromptLimits } from './judge-prompt.ts';
export { buildJudgePrompt, DEFAULT_PROMPT_LIMITS, JUDGE_OUTPUT_SCHEMA, JUDGE_SYSTEM_PROMPT, neutraliseMarkers } from './judge-prompt.ts';
export type {
  HttpRequestSpec, JudgeWarning, JudgeWarningKind, LlmJudge, LlmJudgeOptions, LlmJudgeResult, LlmProtocol, LlmReply, TokenUsage,
} from './llm-judge.ts';
export { createLlmJudge, LLM_JUDGE_DEFAULTS } from './llm-judge.ts';
export type { OpenAiJudgeOptions } from './openai-judge.ts';
export { createOpenAiJudge } from './openai-judge.ts';
export { parseVerdicts, unparsedVerdict } from './parse-verdicts.ts';
