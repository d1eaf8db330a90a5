import { ProblemError } from '@rankgate/contracts/problems';

const VERSION_PATH = /^\/(?:api\/)?(v\d+)(?:\/|$)/;
const PUBLISHED = new Set(['v1']);

/**
 * An unmatched path under a version that is not published (`/v2`, `/v0/search`, `/api/v3`) is
 * answered UNSUPPORTED_VERSION rather than a bare 404, with a hint to the versioning policy.
 */
export function unsupportedVersion(path: string): ProblemError | undefined {
  const version = VERSION_PATH.exec(path)?.[1];
  if (!version || PUBLISHED.has(version)) return undefined;
  return new ProblemError(
    'UNSUPPORTED_VERSION',
    `API version ${version} is not published; the current version is v1.`,
    {
      hint: 'Use /v1. The versioning policy (support window, Deprecation and Sunset headers) is at /docs/versioning.md.',
    },
  );
}
