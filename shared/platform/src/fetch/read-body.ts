import type { Readable } from 'node:stream';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

import { FetchRefusedError } from './fetch-errors.ts';

export interface BodyLimits {
  /** Cap on the bytes as received. */
  maxBytes: number;
  /** Cap on the bytes after decoding `content-encoding`. */
  maxDecompressedBytes: number;
}

/** The encodings we can undo; anything else is refused rather than handed on undecoded. */
const MAX_ENCODINGS = 2;

function decoderFor(encoding: string, url: string): Transform | undefined {
  switch (encoding) {
    case 'identity':
      return undefined;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new FetchRefusedError('decompression', url, `content-encoding "${encoding}" is not supported`);
  }
}

/** A pass-through that fails the stream once more than `limit` bytes went through it. */
function byteCap(limit: number, onExceeded: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.byteLength;
      callback(seen > limit ? onExceeded() : null, chunk);
    },
  });
}

/**
 * Streams `body` through the byte cap, the decoders of `contentEncoding` (applied in reverse order)
 * and the decompressed-size cap, and returns the decoded bytes. Stops reading as soon as a cap is
 * passed, so neither a large body nor a zip bomb is ever held in memory.
 */
export async function readCappedBody(
  body: Readable,
  contentEncoding: string | undefined,
  limits: BodyLimits,
  url: string,
): Promise<Buffer> {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (encodings.length > MAX_ENCODINGS)
    throw new FetchRefusedError('decompression', url, `${encodings.length} stacked content-encodings`);
  const decoders = encodings
    .reverse()
    .map((encoding) => decoderFor(encoding, url))
    .filter((d): d is Transform => d !== undefined);
  const chunks: Buffer[] = [];
  // An unencoded body is its own decompressed form: both caps apply to it as one.
  const rawCap = decoders.length > 0 ? limits.maxBytes : Math.min(limits.maxBytes, limits.maxDecompressedBytes);
  const stages: NodeJS.ReadWriteStream[] | Readable[] = [
    body,
    byteCap(rawCap, () => new FetchRefusedError('too_large', url, `the body is larger than ${rawCap} bytes`)),
    ...decoders,
  ];
  if (decoders.length > 0) {
    stages.push(
      byteCap(
        limits.maxDecompressedBytes,
        () =>
          new FetchRefusedError(
            'decompression',
            url,
            `the decompressed body is larger than ${limits.maxDecompressedBytes} bytes`,
          ),
      ),
    );
  }
  try {
    const collect = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    await pipeline([...stages, collect]);
  } catch (error) {
    if (error instanceof FetchRefusedError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    // zlib reports corrupt data as Z_DATA_ERROR, Z_BUF_ERROR …; brotli as ERR__ERROR_FORMAT_… codes.
    if (code.startsWith('Z_') || code.startsWith('ERR__ERROR') || code.includes('BROTLI')) {
      throw new FetchRefusedError('decompression', url, `the ${encodings.join(', ')} body is corrupt`, {
        cause: error,
      });
    }
    throw error;
  }
  return Buffer.concat(chunks);
}
