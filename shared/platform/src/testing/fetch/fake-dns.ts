/**
 * A DNS server on 127.0.0.1 (UDP, RFC 1035 wire format) for tests: it answers A and AAAA queries
 * from a function, with TTL 0, so a test can make a name resolve to anything, change its answer
 * between queries (DNS rebinding) or not exist at all.
 */
import type { RemoteInfo } from 'node:dgram';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { isIP } from 'node:net';

export type RecordType = 'A' | 'AAAA';

/**
 * Addresses for the name (lowercased, no trailing dot); `undefined` answers NXDOMAIN. `nth` counts queries of this
 * name and type from 1.
 */
export type Answerer = (name: string, type: RecordType, nth: number) => readonly string[] | undefined;

export interface FakeDns {
  /** `127.0.0.1:<port>`, for FetchPolicy.dnsServers. */
  server: string;
  /** Queries received for a name (all types). */
  queries(name: string): number;
  close(): Promise<void>;
}

const TYPE_CODES: Record<number, RecordType> = { 1: 'A', 28: 'AAAA' };

function ipv6Bytes(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  for (let length = message[at] ?? 0; length > 0; length = message[at] ?? 0) {
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function answer(query: Buffer, answerer: Answerer, count: (name: string, type: string) => number): Buffer | undefined {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return undefined;
  const { name, end } = readName(query, 12);
  const typeCode = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const type = TYPE_CODES[typeCode];
  const addresses = type ? answerer(name, type, count(name, type)) : [];
  const family = type === 'AAAA' ? 6 : 4;
  const records = (addresses ?? [])
    .filter((address) => isIP(address) === family)
    .map((address) => {
      const data = family === 4 ? address.split('.').map(Number) : ipv6Bytes(address);
      const record = Buffer.alloc(12 + data.length);
      record.writeUInt16BE(0xc00c, 0); // name: pointer to the question's
      record.writeUInt16BE(typeCode, 2);
      record.writeUInt16BE(1, 4); // class IN
      record.writeUInt32BE(0, 6); // TTL 0: never cached
      record.writeUInt16BE(data.length, 10);
      Buffer.from(data).copy(record, 12);
      return record;
    });
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  const recursionDesired = query.readUInt16BE(2) & 0x0100;
  header.writeUInt16BE(0x8400 | recursionDesired | 0x0080 | (addresses === undefined ? 3 : 0), 2); // QR, AA, RA, rcode
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, question, ...records]);
}

export async function startFakeDns(answerer: Answerer): Promise<FakeDns> {
  const socket = createSocket('udp4');
  const counts = new Map<string, number>();
  const count = (name: string, type: string): number => {
    counts.set(name, (counts.get(name) ?? 0) + 1);
    const n = (counts.get(`${type} ${name}`) ?? 0) + 1;
    counts.set(`${type} ${name}`, n);
    return n;
  };
  socket.on('message', (message: Buffer, peer: RemoteInfo) => {
    const reply = answer(message, answerer, count);
    if (reply) socket.send(reply, peer.port, peer.address);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  return {
    server: `127.0.0.1:${socket.address().port}`,
    queries: (name) => counts.get(name.toLowerCase()) ?? 0,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
