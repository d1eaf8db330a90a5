/**
 * W3C Trace Context (`traceparent`) across the gateway, the services and their outbound calls.
 * Each process continues a valid incoming trace (same trace id, the caller's span as parent) or
 * starts one, logs the trace id on every request line, and sends `traceparent` with its own span
 * id on the calls it makes. No spans are exported: the ids correlate logs across processes.
 * Free of Fastify imports, so adapters (discover, judges) can read the current context.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomHex } from '../random/random-hex.ts';

export const TRACEPARENT_HEADER = 'traceparent';

export interface TraceContext {
  /** 32 lowercase hex digits, shared by every hop of one request. */
  traceId: string;
  /** This hop's span id (16 hex digits): the parent id of the calls it makes. */
  spanId: string;
  /** The caller's span id, when the trace was continued. */
  parentSpanId?: string;
  /** Trace flags (2 hex digits); `01` = sampled. */
  flags: string;
}

// version-traceid-parentid-flags; a future version may append fields after a dash.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** The caller's trace id, span id and flags, or undefined when the header is not valid W3C. */
export function parseTraceparent(
  value: string | undefined,
): { traceId: string; parentSpanId: string; flags: string } | undefined {
  const match = TRACEPARENT.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const [, version = '', traceId = '', parentSpanId = '', flags = '', extra] = match;
  if (version === 'ff' || (version === '00' && extra !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || parentSpanId === ZERO_SPAN) return undefined;
  return { traceId, parentSpanId, flags };
}

const newSpanId = (): string => randomHex(8);

/** Continues the caller's trace with a new span of our own, or starts a new (sampled) trace. */
export function continueOrStartTrace(traceparent: string | undefined): TraceContext {
  const parent = parseTraceparent(traceparent);
  if (parent)
    return { traceId: parent.traceId, spanId: newSpanId(), parentSpanId: parent.parentSpanId, flags: parent.flags };
  return { traceId: randomHex(16), spanId: newSpanId(), flags: '01' };
}

/** The header value for calls made from `context`: our span is their parent. */
export const formatTraceparent = (context: TraceContext): string =>
  `00-${context.traceId}-${context.spanId}-${context.flags}`;

/** What is read of an incoming request (node's IncomingMessage, or an HTTP/2 request). */
export interface RawRequestHeaders {
  headers: Record<string, string | string[] | undefined>;
}

const byRequest = new WeakMap<RawRequestHeaders, TraceContext>();

/** The trace context of an incoming request, decided once per request. */
export function traceContextOf(request: RawRequestHeaders): TraceContext {
  let context = byRequest.get(request);
  if (!context) {
    const header = request.headers[TRACEPARENT_HEADER];
    context = continueOrStartTrace(typeof header === 'string' ? header : undefined);
    byRequest.set(request, context);
  }
  return context;
}

/** Holds the current request's context while its handler runs (see createBaseApp). */
export const traceStorage = new AsyncLocalStorage<TraceContext>();

/** `traceparent` for an outbound call made while handling a request; undefined outside one. */
export function currentTraceparent(): string | undefined {
  const context = traceStorage.getStore();
  return context ? formatTraceparent(context) : undefined;
}
