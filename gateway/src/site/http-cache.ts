import { createHash } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator for a body that never changes while the process runs. */
const etagOf = (body: string | Buffer): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Pages change with a deploy, so browsers revalidate them (cheap: a 304 without a body). */
export const REVALIDATE = 'no-cache';
/** Hashed asset URLs change whenever their bytes do, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** RFC 9110 §13.1.2: weak comparison, a list of tags, or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface CacheableBody {
  body: string | Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
}

/** Sends a fixed body with its validator, or 304 when the client's copy is current. */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, etag, contentType, cacheControl }: CacheableBody,
): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(contentType).send(body);
}

/** A fixed body with its ETag computed once. */
export const cacheable = (body: string | Buffer, contentType: string, cacheControl: string): CacheableBody => ({
  body,
  etag: etagOf(body),
  contentType,
  cacheControl,
});
