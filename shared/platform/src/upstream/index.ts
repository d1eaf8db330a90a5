export { readCappedText } from './read-capped-text.ts';
export { parseRetryAfter } from './retry-after.ts';
