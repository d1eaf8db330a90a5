import { createRequire } from 'node:module';

import { describe, expect, it } from 'vitest';

// The stores' entry loads ioredis after the guard, as a service does.
import '../stores/index.ts';

const require = createRequire(import.meta.url);

describe('string subclass guard', () => {
  it("loads ioredis's VerbatimString without extending String, as it behaves for ioredis", () => {
    const { VerbatimString } = require('ioredis/built/resp/verbatim-string.js') as {
      VerbatimString: new (format: string, value: string) => { format: string };
    };
    // Fails when an ioredis upgrade changes the file: then look again at what the guard replaces.
    expect(VerbatimString.prototype instanceof String).toBe(false);
    const verbatim = new VerbatimString('txt', 'hello');
    expect(verbatim.format).toBe('txt');
    expect(`${String(verbatim)}|${verbatim.valueOf() as unknown as string}`).toBe('hello|hello');
  });

  it('leaves every other module as it is', () => {
    const { Redis } = require('ioredis') as { Redis: unknown };
    expect(typeof Redis).toBe('function');
  });
});
