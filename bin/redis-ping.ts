import { connect } from 'node:net';

/**
 * Whether a Redis server answers `PING` with `+PONG` within the timeout. Raw RESP over node:net, so
 * launchers, the e2e harness and benches need no Redis client. (A server that requires AUTH answers -NOAUTH and
 * counts as down.)
 */
export function redisAnswers(redisUrl: string, timeoutMs = 1000): Promise<boolean> {
  const url = new URL(redisUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  const port = Number(url.port || 6379);
  return new Promise((resolve) => {
    const socket = connect(port, host);
    const settle = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(timeoutMs, () => settle(false));
    socket.on('error', () => settle(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => settle(data.toString().startsWith('+PONG')));
  });
}

/** host:port of a Redis URL, for messages (never the password). */
export const redisAddress = (redisUrl: string): string => {
  const url = new URL(redisUrl);
  return `${url.hostname}:${url.port || 6379}`;
};
