import { ProviderNotConfiguredError, ProviderTimeoutError, ProviderUpstreamError } from '../discover/index.ts';
import { ProblemError } from '@rankgate/contracts/problems';

/**
 * A discover failure as the caller sees it. The adapters' messages are already safe (no key, no
 * keyed URL, no upstream body); anything else becomes a plain 502 without detail.
 */
export function discoverProblem(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  if (error instanceof ProviderNotConfiguredError) {
    return new ProblemError('SERVICE_UNAVAILABLE', error.message, {
      hint: `The operator must set ${error.setting} (see docs/configuration.md); retry with backoff.`,
      headers: { 'retry-after': '60' },
    });
  }
  if (error instanceof ProviderTimeoutError) {
    return new ProblemError('UPSTREAM_TIMEOUT', error.message, {
      hint: 'Retry with backoff, or with a smaller max_candidates.',
    });
  }
  if (error instanceof ProviderUpstreamError && error.options.unreachable) {
    return new ProblemError('UPSTREAM_ERROR', error.message, {
      hint:
        `This server cannot reach the ${error.provider} discover provider. Retry with backoff; if it persists, the ` +
        'operator can choose another with DISCOVER_PROVIDER, or DISCOVER_PROVIDER=local with LOCAL_CORPUS to search a local ' +
        'corpus offline (see docs/configuration.md).',
    });
  }
  if (error instanceof ProviderUpstreamError) {
    const retryAfter = error.options.retryAfterSeconds;
    return new ProblemError('UPSTREAM_ERROR', error.message, {
      hint:
        retryAfter === undefined
          ? 'Retry with exponential backoff.'
          : `The provider asked to wait ${retryAfter} s; retry after that.`,
      headers: retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
    });
  }
  return new ProblemError('UPSTREAM_ERROR', 'The discover provider failed.', { cause: error });
}
