import type { WindowState } from '../stores/index.ts';

export interface BurstPolicy {
  limit: number;
  windowS: number;
  /** The policy's name in the structured fields, its store key and its metrics; default `burst`. */
  name?: string;
}

/**
 * The RateLimit fields of draft-ietf-httpapi-ratelimit-headers (-08 and later; RFC 9651 Lists),
 * e.g. `RateLimit-Policy: "burst";q=60;w=60` and `RateLimit: "burst";r=59;t=60`, plus the older
 * `RateLimit-Limit/-Remaining/-Reset` trio that many existing clients still read. See
 * docs/rate-limits.md for why both.
 */
export function rateLimitHeaders(policy: BurstPolicy, state: WindowState): Record<string, string> {
  const name = policy.name ?? 'burst';
  // t: seconds until more quota. With hits in the window that is when the oldest leaves; an empty
  // window has its full quota now, so 0.
  const resetS = Math.ceil(state.resetMs / 1000);
  return {
    'ratelimit-policy': `"${name}";q=${policy.limit};w=${policy.windowS}`,
    ratelimit: `"${name}";r=${state.remaining};t=${resetS}`,
    'ratelimit-limit': String(policy.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': String(resetS),
  };
}
