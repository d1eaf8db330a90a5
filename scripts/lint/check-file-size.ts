/**
 * Part of `npm run lint`: no tracked source file (.ts, .js, .mjs, .cjs) is over MAX_LINES lines. A file that
 * long does more than one thing; split it by purpose (a test file by the behaviour it covers).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 400;
const SOURCE = /\.(ts|js|mjs|cjs)$/;

/** Lines as an editor counts them: a final newline does not start another line. */
export const lineCount = (text: string): number => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

/** The files over the limit, as messages; `read` gives a file's text by its path from the root. */
export function oversizedFiles(files: readonly string[], read: (file: string) => string, max = MAX_LINES): string[] {
  return files
    .filter((file) => SOURCE.test(file))
    .flatMap((file) => {
      const lines = lineCount(read(file));
      return lines > max ? [`${file}: ${lines} lines (at most ${max}); split it by purpose`] : [];
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  const problems = oversizedFiles(tracked, (file) => readFileSync(path.join(root, file), 'utf8'));
  if (problems.length > 0) {
    console.error(`file size:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(`file size: every tracked source file has at most ${MAX_LINES} lines.`);
  }
}
