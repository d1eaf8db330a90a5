/**
 * What happened to a deep-mode page. The worker answers with a failure when a page yields no judged
 * text (each is final for that request: a retry would answer the same); a row reports one status.
 */
export const PAGE_FAILURES = [
  /** The safe fetcher refused the URL or stopped reading (`reason` is the FetchRefusedError reason). */
  'fetch_refused',
  /** The page answered with an error status that a retry will not fix (4xx other than 408/429). */
  'http_status',
  /** Not HTML, XHTML or plain text (images, PDF, archives …). */
  'unsupported_type',
  /** Fetched, but no readable text was found in it. */
  'no_text',
  /** The page did not arrive in the time left before the request's deadline (the judge's share kept back). */
  'deadline',
  /** Parsing the page took more than its time or memory budget (a hostile or huge page); the thread was stopped. */
  'timeout',
] as const;
export type PageFailure = (typeof PAGE_FAILURES)[number];

/** What a deep-mode row was judged on, and why not on its page when it was not. */
export const PAGE_STATUSES = [
  /** The page was fetched, read and judged: the row's signals come from its text. */
  'judged',
  /** One of the worker's failures; `deadline` also when the worker never answered in time. */
  ...PAGE_FAILURES,
  /** The fetch failed after its retries (connection error, 5xx, 429). */
  'fetch_failed',
  /** Outside the pages this request fetched (at most 12, the best stage-B survivors). */
  'not_fetched',
  /** Deep mode cannot read pages in this deployment (no ranking worker configured). */
  'unavailable',
] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
