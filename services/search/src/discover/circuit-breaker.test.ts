import { describe, expect, it } from 'vitest';

import type { BreakerEvent } from './circuit-breaker.ts';
import { CircuitBreaker } from './circuit-breaker.ts';

function breaker(threshold = 2) {
  let now = 1_000;
  const events: BreakerEvent[] = [];
  const b = new CircuitBreaker(
    'brave',
    { failureThreshold: threshold, cooldownMs: 5_000 },
    (e) => events.push(e),
    () => now,
  );
  return {
    b,
    events,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('CircuitBreaker', () => {
  it('opens after the threshold of failures in a row, then lets one probe through after the cool-down', () => {
    const { b, events, advance } = breaker(2);
    b.failed();
    expect(b.allows()).toBe(true);
    b.failed();
    expect(b.allows()).toBe(false);
    expect(b.remainingMs()).toBe(5_000);
    advance(5_000);
    expect(b.allows()).toBe(true);
    expect(b.allows()).toBe(false); // one probe at a time
    b.succeeded();
    expect(b.allows()).toBe(true);
    expect(events).toEqual(['opened', 'short_circuited', 'short_circuited', 'closed']);
  });

  it('a success resets the count; a failed probe opens it again', () => {
    const { b, advance } = breaker(2);
    b.failed();
    b.succeeded();
    b.failed();
    expect(b.allows()).toBe(true);
    b.failed();
    advance(5_000);
    expect(b.allows()).toBe(true);
    b.failed();
    expect(b.allows()).toBe(false);
  });

  it('opens at once on a 429, for the provider’s Retry-After', () => {
    const { b, advance } = breaker(3);
    b.failed({ rateLimited: true, retryAfterSeconds: 12 });
    expect(b.allows()).toBe(false);
    advance(11_000);
    expect(b.allows()).toBe(false);
    advance(1_000);
    expect(b.allows()).toBe(true);
  });
});
