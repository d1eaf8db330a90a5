import type { SafeFetcher } from '@rankgate/platform/fetch';
import { FetchFailedError, FetchRefusedError } from '@rankgate/platform/fetch';
import type { Logger } from '@rankgate/platform/logger';

/** The CIMD draft's recommended cap on a client metadata document. */
const CLIENT_METADATA_MAX_BYTES = 5 * 1024;

const NO_BODY = new Set([204, 205, 304]);

/** The shape of oidc-provider's `fetch` option (the global fetch's). */
export type ProviderFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * oidc-provider's `fetch` for client ID metadata documents, through our SSRF-safe fetcher: public
 * addresses only (checked after DNS, connection pinned), no redirects, at most 5 KB, JSON asked
 * for. oidc-provider then requires status 200, a JSON object whose `client_id` is the URL, and no
 * shared-secret authentication; any refusal aborts the authorization request.
 */
export function clientMetadataFetch(fetcher: SafeFetcher, logger: Logger): ProviderFetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    try {
      const result = await fetcher.fetch(url, {
        accept: 'application/json',
        maxBytes: CLIENT_METADATA_MAX_BYTES,
        maxRedirects: 0,
        ...(init?.signal ? { signal: init.signal } : {}),
      });
      // The body is already decompressed and counted: drop the headers that described the wire form.
      const {
        'content-encoding': _encoding,
        'content-length': _length,
        'transfer-encoding': _transfer,
        ...headers
      } = result.headers;
      return new Response(NO_BODY.has(result.status) ? null : new Uint8Array(result.body), {
        status: result.status,
        headers,
      });
    } catch (error) {
      if (error instanceof FetchRefusedError)
        logger.info({ url, reason: error.reason }, 'client metadata document refused');
      else if (error instanceof FetchFailedError)
        logger.info({ url, code: error.code }, 'client metadata document fetch failed');
      throw error;
    }
  };
}
