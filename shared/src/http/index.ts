export type { BaseAppOptions, ServiceAppOptions } from './create-service-app.ts';
export { createBaseApp, createServiceApp } from './create-service-app.ts';
export { INTERNAL_TOKEN_HEADER, requireInternalToken, secretsEqual } from './internal-token.ts';
export { MethodIndex } from './method-index.ts';
export type { ProblemHandlingOptions } from './problem-handling.ts';
export { installProblemHandling, instanceOf, sendProblem } from './problem-handling.ts';
export { requestIdFor } from './request-id.ts';
export type { RunOptions } from './run-service.ts';
export { runService } from './run-service.ts';
