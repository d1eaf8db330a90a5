export type { BaseAppOptions, ServiceAppOptions } from './create-service-app.ts';
export { createBaseApp, createServiceApp, LIVENESS_PATH, READINESS_PATH } from './create-service-app.ts';
export { INTERNAL_TOKEN_HEADER, requireInternalToken, secretsEqual } from './internal-token.ts';
export type { MetricsAppOptions } from './metrics-app.ts';
export { createMetricsApp } from './metrics-app.ts';
export type { MetricsRouteOptions } from './metrics-route.ts';
export { METRICS_PATH, registerMetricsRoute } from './metrics-route.ts';
export { MethodIndex } from './method-index.ts';
export type { ProblemHandlingOptions } from './problem-handling.ts';
export { installProblemHandling, instanceOf, sendProblem } from './problem-handling.ts';
export { requestIdFor } from './request-id.ts';
export type { RunOptions } from './run-service.ts';
export { listenOrExit, runService } from './run-service.ts';
export type { RawRequestHeaders, TraceContext } from '../tracing/trace-context.ts';
export {
  continueOrStartTrace,
  currentTraceparent,
  formatTraceparent,
  parseTraceparent,
  TRACEPARENT_HEADER,
  traceContextOf,
  traceStorage,
} from '../tracing/trace-context.ts';
export type { BareItem, ListMember } from './structured-fields.ts';
export { parseStructuredList, StructuredFieldError } from './structured-fields.ts';
