export type { PolicyStoreSettings } from './policy-store.ts';
export { createPolicyStore } from './policy-store.ts';
export type { BurstPolicy } from './rate-limit-headers.ts';
export { rateLimitHeaders } from './rate-limit-headers.ts';
export type { SearchAdmission, SearchAdmissionOptions, SearchCaller, StoreFailureLog } from './search-admission.ts';
export { admitBurst, createDemoAllowance, createSearchAdmission } from './search-admission.ts';
export type { WindowDecision, WindowLimiter } from './window-limiter.ts';
export { createWindowLimiter, LimiterStoreError } from './window-limiter.ts';
