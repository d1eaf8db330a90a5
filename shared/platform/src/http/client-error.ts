import type { Socket } from 'node:net';

import { buildProblem } from '@rankgate/contracts/problems';

/**
 * Requests Node's parser rejects before Fastify sees them (headers over 16 KB, a malformed request
 * line) still get a problem document, not the framework's own JSON: one error format everywhere.
 */
export function problemClientErrorHandler(baseUrl: string) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (!socket.writable) return;
    const code = error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST';
    const detail =
      code === 'HEADERS_TOO_LARGE'
        ? 'The request line and headers are too large.'
        : 'The request could not be parsed as HTTP.';
    const body = JSON.stringify(buildProblem(code, { baseUrl, detail, instance: '/' }));
    const status = code === 'HEADERS_TOO_LARGE' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}
