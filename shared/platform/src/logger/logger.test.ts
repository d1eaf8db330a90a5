import { Writable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { createLogger } from './index.ts';

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('createLogger', () => {
  it('redacts credentials in headers and bodies', () => {
    const { stream, lines } = capture();
    const log = createLogger({ service: 'gateway', destination: stream });
    log.info(
      {
        req: {
          headers: {
            authorization: 'Bearer sk-live-1',
            'x-api-key': 'op-key',
            cookie: 'sid=1',
            'x-internal-token': 'itok',
          },
        },
        body: { access_token: 'at-2', client_secret: 'cs-3', q: 'kept' },
      },
      'request',
    );
    const text = JSON.stringify(lines());
    for (const secret of ['sk-live-1', 'op-key', 'sid=1', 'itok', 'at-2', 'cs-3']) expect(text).not.toContain(secret);
    expect(text).toContain('kept');
    expect(lines()[0]).toMatchObject({ service: 'gateway', level: 'info', msg: 'request' });
  });
});
