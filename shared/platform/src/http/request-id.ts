import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A caller's `X-Request-Id` is kept when it is short and plain; anything else gets a fresh id. */
const WELL_FORMED_REQUEST_ID = /^[\w.:-]{8,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED_REQUEST_ID.test(given) ? given : randomUUID();
}
