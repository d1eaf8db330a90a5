/**
 * The hostile page from the security review: about 1 MB of HTML whose one element carries 100,000
 * attributes. Parsing it takes seconds of CPU and hundreds of MiB, which is why pages are parsed
 * off the main thread under a budget.
 */
export function hostilePage(attributes = 100_000): string {
  const parts: string[] = [];
  for (let i = 0; i < attributes; i += 1) parts.push(`a${i}="x"`);
  return `<!doctype html><html><head><title>Hostile</title></head><body><div ${parts.join(' ')}>text</div></body></html>`;
}
