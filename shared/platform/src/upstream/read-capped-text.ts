/**
 * Reads an upstream response body as UTF-8, giving up as soon as it passes `maxBytes` (declared in
 * Content-Length or streamed), so a hostile or broken upstream cannot make us buffer without
 * bound. `undefined` means "too large"; the caller decides what error that is.
 */
export async function readCappedText(response: Response, maxBytes: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
