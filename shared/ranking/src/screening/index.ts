export type { InjectionAssessment, InjectionRisk } from './detect-injection.ts';
export { detectInjection, injectionRisk, screenResult } from './detect-injection.ts';
export type { InjectionFamily } from './injection-patterns.ts';
export { INJECTION_FAMILIES } from './injection-patterns.ts';
export type { HiddenChannel, HiddenText, PageText } from './screen-page.ts';
export { HIDDEN_CHANNELS, hiddenEvidence, screenPage } from './screen-page.ts';
