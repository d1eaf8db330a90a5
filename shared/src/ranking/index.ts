export type { Judge, JudgeInput, JudgeResult, JudgeUsage, JudgeVerdict } from './judge.ts';
export { createLocalJudge } from './local/local-judge.ts';
export type { QueryAnalysis, QueryIntent } from './local/query-analysis.ts';
export { analyzeQuery } from './local/query-analysis.ts';
export { onTopic, indexCandidate } from './local/relevance-signals.ts';
export { domainOf } from './local/text.ts';
