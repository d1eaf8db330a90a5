/** Tiny fetch helpers: every call returns status, headers, the body text and the parsed JSON. */

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body when the media type is JSON (incl. problem+json); otherwise undefined. */
  json: unknown;
}

export interface HttpClient {
  get(path: string, init?: RequestInit): Promise<HttpResult>;
  post(path: string, body: string, init?: RequestInit): Promise<HttpResult>;
}

/**
 * `path` is joined to the base URL (which may carry a path prefix); an absolute URL is used as is.
 * `defaultHeaders` (e.g. the API key) go on every request; a call's own headers win.
 */
export function httpClient(baseUrl: string, { defaultHeaders = {} }: { defaultHeaders?: Record<string, string> } = {}): HttpClient {
  const base = baseUrl.replace(/\/+$/, '');
  const request = async (path: string, init: RequestInit): Promise<HttpResult> => {
    const url = /^https?:\/\//.test(path) ? path : `${base}${path}`;
    const headers = { ...defaultHeaders, ...(init.headers as Record<string, string> | undefined) };
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000), ...init, headers });
    const text = await response.text();
    const isJson = /[/+]json\b/.test(response.headers.get('content-type') ?? '');
    return { status: response.status, headers: response.headers, text, json: isJson && text ? JSON.parse(text) : undefined };
  };
  return {
    get: (path, init = {}) => request(path, { ...init, method: 'GET' }),
    post: (path, body, init = {}) => request(path, { ...init, method: 'POST', body }),
  };
}
