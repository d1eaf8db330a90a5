export interface BannerFacts {
  baseUrl: string;
  provider: string;
  judge: string;
  /** The key this run made up when OPERATOR_API_KEY was not set. */
  generatedApiKey: string | undefined;
}

/** Single quotes for a POSIX shell: what is pasted is what was printed. */
const shellQuoted = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * What `npm start` prints once it listens: where it runs, and two lines a newcomer can paste as
 * they are — the key into the shell, then a search that uses it.
 */
export function startBanner({ baseUrl, provider, judge, generatedApiKey }: BannerFacts): string {
  const lines = [`Rankgate is running at ${baseUrl}  (discover provider: ${provider}; judge: ${judge})`, ''];
  if (generatedApiKey) {
    lines.push(
      'Operator API key for this run (set OPERATOR_API_KEY yourself to keep one across restarts):',
      `  export OPERATOR_API_KEY=${shellQuoted(generatedApiKey)}`,
      '',
    );
  }
  lines.push(
    'Search:',
    `  curl -s -H "X-API-Key: $OPERATOR_API_KEY" ${shellQuoted(`${baseUrl}/v1/search?q=how+do+tides+work&k=3`)}`,
    `No key needed: ${baseUrl}/v1/sandbox (a canned response), ${baseUrl}/docs (the API reference).`,
  );
  return lines.join('\n');
}
