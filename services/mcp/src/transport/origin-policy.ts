/**
 * DNS-rebinding defence (transports spec): a browser always sends `Origin`, so a request whose
 * `Origin` is not allowed is refused; a request without one comes from a non-browser client and
 * is allowed (the gateway authenticates it). `null` (sandboxed frames, file://) is never allowed.
 */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  let normalised: string;
  try {
    normalised = new URL(origin).origin;
  } catch {
    return false;
  }
  return normalised !== 'null' && allowed.includes(normalised);
}
