/** Tiny fetch helpers: every call returns status, headers, the body text and the parsed JSON. */

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body when the media type is JSON (incl. problem+json); otherwise undefined. */
  json: unknown;
}

/** Configured secrets no response may contain (header or body), by name for the failure message. */
const secrets = new Map<string, string>();

/**
 * Registers secrets of a target (API keys, the internal token, upstream keys): from then on every
 * response any client sees is scanned for them, and a response that contains one fails the test.
 */
export function watchForSecrets(named: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(named)) if (value && value.length >= 8) secrets.set(value, name);
}

/** Throws when a response leaks a registered secret. */
export function assertNoSecrets(where: string, headers: Headers, text: string): void {
  const headerText = [...headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  for (const [value, name] of secrets) {
    if (text.includes(value) || headerText.includes(value))
      throw new Error(`the response to ${where} contains the configured secret ${name}`);
  }
}

export interface HttpClient {
  get(path: string, init?: RequestInit): Promise<HttpResult>;
  post(path: string, body: string, init?: RequestInit): Promise<HttpResult>;
}

/**
 * `path` is joined to the base URL (which may carry a path prefix); an absolute URL is used as is.
 * `defaultHeaders` (e.g. the API key) go on every request; a call's own headers win.
 */
export function httpClient(
  baseUrl: string,
  { defaultHeaders = {} }: { defaultHeaders?: Record<string, string> } = {},
): HttpClient {
  const base = baseUrl.replace(/\/+$/, '');
  const request = async (path: string, init: RequestInit): Promise<HttpResult> => {
    const url = /^https?:\/\//.test(path) ? path : `${base}${path}`;
    const headers = { ...defaultHeaders, ...(init.headers as Record<string, string> | undefined) };
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000), ...init, headers });
    const text = await response.text();
    assertNoSecrets(`${init.method ?? 'GET'} ${url}`, response.headers, text);
    const isJson = /[/+]json\b/.test(response.headers.get('content-type') ?? '');
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: isJson && text ? JSON.parse(text) : undefined,
    };
  };
  return {
    get: (path, init = {}) => request(path, { ...init, method: 'GET' }),
    post: (path, body, init = {}) => request(path, { ...init, method: 'POST', body }),
  };
}
