export type { FeatureSink } from './features.ts';
export { forEachFeature, forEachSentenceFeature, forEachWordFeature, sentenceOf } from './features.ts';
export type { InjectionModel, ModelArtefact, WindowScore } from './injection-model.ts';
export { MODEL_FORMAT, createInjectionModel, loadInjectionModel } from './injection-model.ts';
export type { ContextSignal, SentenceTraits } from './context-shift.ts';
export { CONTEXT_SIGNALS, contextSignals, sentenceTraits } from './context-shift.ts';
