import type { SearchFilters } from '@rankgate/contracts';
import type { DiscoverProvider, FilterOption } from './index.ts';
import { requestedOptions } from './index.ts';

const CONSEQUENCE: Record<FilterOption, string> = {
  domains: 'domain filters are enforced on its results instead',
  dates: 'date filters are enforced on its results with a known publication date instead',
  country: 'its results are not restricted by country',
  language: 'its results are not restricted by language',
  safesearch: 'its results are not filtered by safesearch',
};

/** One warning per (provider, requested option) the provider cannot pass upstream. */
export function filterWarnings(providers: readonly DiscoverProvider[], filters: SearchFilters): string[] {
  const asked = requestedOptions(filters);
  return providers.flatMap((provider) =>
    asked
      .filter((option) => !provider.honours?.has(option))
      .map((option) => `The ${provider.name} provider cannot filter by ${option}: ${CONSEQUENCE[option]}.`),
  );
}
