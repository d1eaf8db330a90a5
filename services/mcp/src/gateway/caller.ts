import type { IncomingHttpHeaders } from 'node:http';

/** Set by the gateway on every proxied call: the real client's address. */
export const CLIENT_IP_HEADER = 'x-rankgate-client-ip';

/** What a tool forwards to the gateway on the caller's behalf. */
export interface CallerCredentials {
  /** The caller's `Authorization` header, unchanged (OAuth token, operator key or demo key). */
  authorization?: string;
  /** The caller's `X-API-Key` header, unchanged. */
  apiKey?: string;
  /** The client IP the gateway saw; with the internal token the gateway counts limits against it. */
  clientIp?: string;
  requestId: string;
}

const single = (value: string | string[] | undefined): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
};

/** The caller as the gateway described it in the proxied MCP request. */
export function callerFrom(headers: IncomingHttpHeaders, requestId: string): CallerCredentials {
  const authorization = single(headers.authorization);
  const apiKey = single(headers['x-api-key']);
  const clientIp = single(headers[CLIENT_IP_HEADER]);
  return {
    requestId,
    ...(authorization === undefined ? {} : { authorization }),
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(clientIp === undefined ? {} : { clientIp }),
  };
}
