/**
 * What the HTTP adapters have in common: their options, defaults, User-Agent, endpoint URLs and
 * the per-call binding of `requestJson` (one deadline for all pages of a discover call).
 */
import { SERVICE_VERSION } from '@rankgate/platform/version';
import { ProviderNotConfiguredError } from './discover-errors.ts';
import { requestJson } from './http-json.ts';

/** Options every HTTP adapter takes. */
export interface HttpProviderOptions {
  /** API origin, optionally with a path prefix (proxies, tests). Each adapter documents its default. */
  baseUrl?: string;
  /** Time allowed for one discover call, all its pages together (default 8000 ms). */
  timeoutMs?: number;
  /** Sent as `User-Agent` (default `rankgateUserAgent(SERVICE_VERSION)`). */
  userAgent?: string;
}

/** Options of an adapter that needs an API key. */
export interface KeyedProviderOptions extends HttpProviderOptions {
  /** Without it the adapter still exists, and each call throws `ProviderNotConfiguredError`. */
  apiKey?: string;
}

/** Matches the search service's default `DISCOVER_TIMEOUT_MS`. */
const DEFAULT_DISCOVER_TIMEOUT_MS = 8000;

/**
 * A descriptive User-Agent in the `client/version (contact) library/version` form that Wikimedia's
 * etiquette requires and that tells any operator who is calling.
 */
function rankgateUserAgent(version: string = SERVICE_VERSION): string {
  return `Rankgate/${version} (https://github.com/rankgate/rankgate; self-hosted) node/${process.versions.node}`;
}

/** `path` under `baseUrl` (keeping any path prefix of the base), with query parameters. */
export function endpointUrl(baseUrl: string, path: string, query: Record<string, string | number> = {}): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return url.href;
}

/** The setting's value, or `ProviderNotConfiguredError` naming it. */
export function requireSetting(provider: string, setting: string, value: string | undefined): string {
  if (!value?.trim()) throw new ProviderNotConfiguredError(provider, setting);
  return value.trim();
}

/** `describeStatus` for keyed APIs: 401/403 mean the key, and the message names its setting. */
export const keyRejected =
  (setting: string) =>
  (status: number): string | undefined =>
    status === 401 || status === 403 ? `rejected the API key (HTTP ${status}); check ${setting}` : undefined;

export interface UpstreamCall {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  describeStatus?: (status: number) => string | undefined;
}

/**
 * `requestJson` bound to one discover call: the provider's name and User-Agent, the caller's
 * signal, and a single deadline that starts now and covers every page.
 */
export function bindUpstream(
  provider: string,
  options: HttpProviderOptions,
  signal: AbortSignal,
): (call: UpstreamCall) => Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DISCOVER_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const userAgent = options.userAgent ?? rankgateUserAgent();
  return (call) => {
    const headers = new Headers({ accept: 'application/json', 'user-agent': userAgent });
    for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
    return requestJson({ ...call, provider, headers: Object.fromEntries(headers), timeoutMs, deadline, signal });
  };
}
