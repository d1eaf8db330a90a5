/**
 * Required behaviours the e2e suites verify, one entry each. A test cites an entry with
 * `verifies('ID')`; e2e/coverage.test.ts fails when an entry is cited by no test, so this list only
 * names behaviours a test below actually exercises. Pure data, one file per area in requirements/.
 */
import { PLATFORM_REQUIREMENTS } from './requirements/platform.ts';
import { SEARCH_REQUIREMENTS } from './requirements/search.ts';
import { MCP_REQUIREMENTS } from './requirements/mcp.ts';
import { AUTH_REQUIREMENTS } from './requirements/auth.ts';
import { OPERATIONS_REQUIREMENTS } from './requirements/operations.ts';

export type { Requirement } from './requirements/requirement.ts';

export const REQUIREMENTS = [
  ...PLATFORM_REQUIREMENTS,
  ...SEARCH_REQUIREMENTS,
  ...MCP_REQUIREMENTS,
  ...AUTH_REQUIREMENTS,
  ...OPERATIONS_REQUIREMENTS,
] as const;

export type RequirementId = (typeof REQUIREMENTS)[number]['id'];
