import type { FastifyReply } from 'fastify';

import { PAGE_SECURITY_HEADERS } from './security-headers.ts';

/** Sends a rendered page with the pages' security headers. */
export function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).headers(PAGE_SECURITY_HEADERS).type('text/html; charset=utf-8').send(body);
}
