import type { DiscoverProvider } from './discover-provider.ts';
import { ProviderNotConfiguredError, ProviderTimeoutError } from './discover-errors.ts';
import type { AppMetrics, UpstreamOutcome } from '@rankgate/platform/metrics';

/** How a discover call failed, from the errors adapters are allowed to throw. */
function outcomeOf(error: unknown, signal: AbortSignal): UpstreamOutcome {
  if (error instanceof ProviderTimeoutError) return 'timeout';
  if (error instanceof ProviderNotConfiguredError) return 'not_configured';
  // The caller's deadline or disconnect, not the provider's fault.
  if (signal.aborted) return 'aborted';
  return 'error';
}

/**
 * The same provider, with each discover call's latency and outcome recorded as
 * `rankgate_upstream_*{kind="discover", provider}`. Errors pass through unchanged.
 */
export function instrumentDiscoverProvider(provider: DiscoverProvider, metrics: AppMetrics): DiscoverProvider {
  const observe = (outcome: UpstreamOutcome, started: number): void =>
    metrics.observeUpstream({
      kind: 'discover',
      provider: provider.name,
      outcome,
      seconds: (performance.now() - started) / 1000,
    });
  return {
    name: provider.name,
    ...(provider.honours ? { honours: provider.honours } : {}),
    async discover(query, options) {
      const started = performance.now();
      try {
        const candidates = await provider.discover(query, options);
        observe('ok', started);
        return candidates;
      } catch (error) {
        observe(outcomeOf(error, options.signal), started);
        throw error;
      }
    },
    ...(provider.close ? { close: () => provider.close?.() ?? Promise.resolve() } : {}),
  };
}
