export { createAnthropicJudge } from './anthropic-judge.ts';
export type { JudgeWarning } from './llm-judge.ts';
export { createOpenAiJudge } from './openai-judge.ts';
