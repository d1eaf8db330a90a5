export type { Judge, JudgeInput, JudgeMode, JudgeResult, JudgeUsage, JudgeVerdict } from './judge.ts';
export { JUDGE_MODES } from './judge.ts';
export { createLocalJudge } from './local/local-judge.ts';
export type { QueryAnalysis, QueryIntent } from './local/query-analysis.ts';
export { analyzeQuery } from './local/query-analysis.ts';
export { onTopic, indexCandidate } from './local/relevance-signals.ts';
export { domainOf } from './local/text.ts';
export type { JudgeName, JudgeSettings } from './create-judge.ts';
export { createJudge, JUDGES } from './create-judge.ts';
export type { JudgeWarning } from './llm/index.ts';
export { createAnthropicJudge, createOpenAiJudge } from './llm/index.ts';
export { judgeEnv, judgeSettingsFromEnv, refineJudgeEnv } from './judge-env.ts';
export type { Candidate } from './candidate.ts';
export { CandidateSchema } from './candidate.ts';
export {
  collapseWhitespace,
  decodeEntities,
  htmlDocumentToText,
  htmlTitle,
  htmlToText,
  originalMarkup,
  truncateText,
} from './html-text.ts';
export type { RankedCandidate } from './cascade/cascade.ts';
export { compareRanked, runCascade } from './cascade/cascade.ts';
export { applyGates } from './cascade/gates.ts';
export { judgeInputOf } from './cascade/judge-input.ts';
export type { ScoreWeights } from './cascade/score.ts';
export { LOCAL_JUDGE_WEIGHTS, RELEVANCE_WEIGHTS, scoreOf } from './cascade/score.ts';
export { instrumentJudge } from './instrument-judge.ts';
