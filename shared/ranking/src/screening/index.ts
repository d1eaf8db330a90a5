export type { EvidenceSpan, InjectionAssessment, InjectionRisk } from './detect-injection.ts';
export { INJECTION_MODEL, detectInjection, injectionRisk } from './detect-injection.ts';
export type { InjectionFamily } from './injection-patterns.ts';
export { INJECTION_FAMILIES } from './injection-patterns.ts';
export type { HiddenChannel, HiddenText, PageText } from './screen-page.ts';
export { HIDDEN_CHANNELS, hiddenEvidence, screenPage } from './screen-page.ts';
export type { EvidenceField, FieldEvidence, ResultAssessment, ScreenedResult } from './screen-result.ts';
export { hiddenParts, screenResult } from './screen-result.ts';
export { SCREENING_MEMO_ENTRIES, ScreeningMemo } from './screening-memo.ts';
