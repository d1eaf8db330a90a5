import type { IncomingHttpHeaders } from 'node:http';

import type { ForwardedCaller } from '@rankgate/contracts/internal-headers';
import { INTERNAL_HEADERS, parseForwardedCaller } from '@rankgate/contracts/internal-headers';

/** What a tool knows of its caller, as the gateway described it. */
export interface CallerCredentials {
  /** The caller's `Authorization` header, unchanged (OAuth token, operator key or demo key). */
  authorization?: string;
  /** The caller's `X-API-Key` header, unchanged. */
  apiKey?: string;
  /** The client IP the gateway saw; limits count against it. */
  clientIp?: string;
  /** Who the gateway authenticated on /mcp (kind and scopes); undefined when it sent none. */
  identity?: ForwardedCaller;
  requestId: string;
}

const single = (value: string | string[] | undefined): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
};

/**
 * The caller as the gateway described it in the proxied MCP request (the service already checked the internal token).
 */
export function callerFrom(headers: IncomingHttpHeaders, requestId: string): CallerCredentials {
  const authorization = single(headers.authorization);
  const apiKey = single(headers['x-api-key']);
  const clientIp = single(headers[INTERNAL_HEADERS.clientIp]);
  const identity = parseForwardedCaller(single(headers[INTERNAL_HEADERS.caller]));
  return {
    requestId,
    ...(authorization === undefined ? {} : { authorization }),
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(clientIp === undefined ? {} : { clientIp }),
    ...(identity === undefined ? {} : { identity }),
  };
}
