import type { FastifyInstance } from 'fastify';

/**
 * Reads `application/x-www-form-urlencoded` bodies (pages, revocation) into a plain object; a
 * repeated field keeps its first value, so a duplicate cannot override a checked one.
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(String(body))) if (!(name in fields)) fields[name] = value;
    done(null, fields);
  });
}
