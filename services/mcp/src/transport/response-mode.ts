interface MaybeRequest {
  method?: unknown;
  params?: { _meta?: { progressToken?: unknown } };
}

const hasProgressToken = (message: unknown): boolean => {
  if (typeof message !== 'object' || message === null) return false;
  const { method, params } = message as MaybeRequest;
  return typeof method === 'string' && params?._meta?.progressToken !== undefined;
};

/**
 * Every client accepts both JSON and SSE (the SDK answers 406 otherwise), so the server chooses:
 * a request carrying a progress token gets an event stream, because progress notifications need
 * one; everything else gets one plain JSON body, which any proxy or client handles.
 */
export function wantsEventStream(body: unknown): boolean {
  return Array.isArray(body) ? body.some(hasProgressToken) : hasProgressToken(body);
}
