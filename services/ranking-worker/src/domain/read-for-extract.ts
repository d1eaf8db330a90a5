import type { PageJob, PageRead, Signals } from '@rankgate/contracts';
import { MAX_CHARS, SIGNAL_NAMES } from '@rankgate/contracts';
import type { SafeFetchResult } from '@rankgate/platform/fetch';
import type { JobContext } from '@rankgate/platform/queue';

import type { ExtractedPage } from '../extract/extract-page.ts';
import { cutToRelevant } from '../extract/relevant-passages.ts';
import { evidenceInContent } from './content-evidence.ts';
import { screenPage } from './screen-page.ts';

/**
 * An extract job's page (POST /v1/extract, MCP read_pages): screened like a deep-mode page, but not
 * judged (there is no search to judge it against); its content is cut at the job's max_chars.
 */
export function readForExtract(
  job: PageJob,
  page: SafeFetchResult,
  extracted: ExtractedPage,
  context: JobContext,
  timings: { fetch: number; extract: number; total: number },
): PageRead {
  const screened = screenPage(
    { title: extracted.title ?? '', snippet: '', text: extracted.text, hidden: extracted.hidden },
    null,
  );
  const signals = Object.fromEntries(SIGNAL_NAMES.map((name) => [name, null])) as Signals;
  signals.prompt_injection = screened.score;
  const { content, truncated } = cutToRelevant(extracted.text, job.query, job.max_chars ?? MAX_CHARS.default);
  const evidence = evidenceInContent(extracted.text, screened.evidence, content);
  return {
    outcome: 'read',
    final_url: page.url,
    status: page.status,
    content_type: page.contentType || 'text/html',
    title: extracted.title,
    published_at: extracted.publishedAt,
    excerpt: '',
    content,
    truncated,
    text_chars: extracted.text.length,
    signals,
    is_republisher: null,
    injection_reasons: screened.reasons,
    ...(evidence.length > 0 ? { injection_evidence: evidence } : {}),
    hidden_text: { chars: extracted.hidden.text.length, kinds: extracted.hidden.kinds },
    usage: { judge_calls: 0, input_tokens: 0, output_tokens: 0 },
    timings_ms: { fetch: timings.fetch, extract: timings.extract, judge: 0, total: timings.total },
    attempt: context.attempt,
  };
}
