import type { RequirementId } from './requirements.ts';
import { REQUIREMENTS } from './requirements.ts';

/**
 * The name of a test that verifies a requirement: `ID: text (detail)`. The id is typed, so a typo
 * does not compile; e2e/coverage.test.ts finds the citations by reading the test files, because
 * vitest isolates each file's modules and no runtime registry could see them all.
 */
export function verifies(id: RequirementId, detail?: string): string {
  const requirement = REQUIREMENTS.find((r) => r.id === id);
  return `${id}: ${requirement?.text ?? ''}${detail ? ` (${detail})` : ''}`;
}
