import type { ResultRow, SearchMeta } from '@rankgate/contracts';
import { PROMPT_INJECTION_THRESHOLD } from '@rankgate/contracts';
import { injectionRisk } from '@rankgate/ranking/screening';

import type { RankedCandidate } from '@rankgate/ranking';

export interface RowOptions {
  /** Rows restored by the relax rule carry `gates_relaxed: true`. */
  relaxed?: boolean;
  /** rank=off: no score and no gate outcomes. */
  unranked?: boolean;
}

export function toResultRow(
  row: RankedCandidate,
  rank: number,
  { relaxed = false, unranked = false }: RowOptions = {},
): ResultRow {
  const { candidate } = row;
  const result: ResultRow = {
    rank,
    title: candidate.title,
    url: candidate.url,
    snippet: candidate.snippet,
    domain: row.domain,
    published_at: candidate.published_at ?? row.publishedAt ?? null,
    ...(row.content ? { content: row.content } : {}),
    score: unranked ? null : row.score,
    signals: row.signals,
    is_republisher: row.isRepublisher,
    gates: unranked ? null : row.gate.gates,
    injection_risk: injectionRisk(row.signals.prompt_injection, PROMPT_INJECTION_THRESHOLD),
    injection_reasons: row.injectionReasons,
    ...(row.injectionEvidence.length > 0 ? { injection_evidence: row.injectionEvidence } : {}),
  };
  if (relaxed) result.gates_relaxed = true;
  if (row.page) result.page = row.page;
  if (candidate.provider_ranks) result.provider_ranks = candidate.provider_ranks;
  return result;
}

/** What the gates removed: enough for an operator or a UI to see why, no text to read. */
export function toDropped(rows: readonly RankedCandidate[], limit = 10): SearchMeta['dropped'] {
  return rows
    .flatMap((row) =>
      row.gate.failed
        ? [
            {
              url: row.candidate.url,
              domain: row.domain,
              reason: 'gate' as const,
              gate: row.gate.failed,
              injection_risk: injectionRisk(row.signals.prompt_injection, PROMPT_INJECTION_THRESHOLD),
            },
          ]
        : [],
    )
    .slice(0, limit);
}
