/** Values the LLM wire protocols read or check the same way. */

/** A token count from an upstream usage block: a non-negative integer, else 0. */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/** `base` without trailing slashes, checked to be an http(s) URL (the error never repeats it). */
export function normaliseBaseUrl(base: string, judge: string): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new TypeError(`The ${judge} judge base URL is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`The ${judge} judge base URL must be http(s).`);
  return base.replace(/\/+$/, '');
}
