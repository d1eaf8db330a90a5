/**
 * One extraction thread of the pool (./extract-pool.ts): parses a page and answers with its text.
 * Runs as a worker thread so a hostile page stalls this thread, never the service's event loop.
 */
import { parentPort } from 'node:worker_threads';

import type { ExtractTask, ExtractAnswer } from './extract-pool.ts';
import { extractHtml, extractPlainText } from './extract-page.ts';

// Loaded and ready: the pool starts a page's clock only from here, not while the modules load.
parentPort?.postMessage({ ready: true });
parentPort?.on('message', (task: ExtractTask) => {
  let answer: ExtractAnswer;
  try {
    answer = { id: task.id, page: task.kind === 'html' ? extractHtml(task.text) : extractPlainText(task.text) };
  } catch (error) {
    answer = { id: task.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
