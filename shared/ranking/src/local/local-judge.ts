import { screenPage, screenResult } from '../screening/index.ts';
import { LOCAL_JUDGE_WEIGHTS } from '../score-weights.ts';
import type { Judge, JudgeInput, JudgeResult, JudgeVerdict } from '../judge.ts';
import { BatchSources } from './batch-sources.ts';
import { BatchText } from './batch-text.ts';
import { readCandidate } from './candidate-text.ts';
import { ANY_CUE, exactCue, lowersToAscii } from './cue-words.ts';
import { evidenceOf } from './fielded-text.ts';
import { TermMatcher } from './term-matcher.ts';
import { TextReader } from './text-reader.ts';
import type { RelevanceFeatures } from './lexical-relevance.ts';
import { lexicalRelevance } from './lexical-relevance.ts';
import type { QueryAnalysis } from './query-analysis.ts';
import { analyzeQuery } from './query-analysis.ts';
import { answerability, statesSoughtFact, subjectMatch, subjectShare, termWeights } from './relevance-signals.ts';
import { isRepublisher } from './source-reputation.ts';
import { spamScore } from './spam-signals.ts';
import { round3 } from './text.ts';

/** The detector's score: stage A's when only title and snippet are known, else the whole page's. */
function injectionOf(input: JudgeInput): number {
  if (input.content === undefined && input.hiddenText === undefined) {
    return input.screenedInjection ?? screenResult({ title: input.title, snippet: input.snippet }).score;
  }
  return screenPage({
    title: input.title,
    snippet: input.snippet,
    visibleText: input.content ?? '',
    ...(input.hiddenText ? { hiddenText: input.hiddenText } : {}),
  }).score;
}

/**
 * The `local` judge: deterministic, offline and free. It reads the query, title, URL and snippet
 * (and page text in deep mode) and scores every signal from lexical evidence, a short source
 * reputation table and the local injection detector. It never leaves a signal unparsed except
 * `subject_match` when the query names no subject.
 */
export function createLocalJudge(): Judge {
  return {
    name: 'local',
    scoreWeights: LOCAL_JUDGE_WEIGHTS,
    async judge(query: string, inputs: readonly JudgeInput[]): Promise<JudgeResult> {
      return {
        verdicts: localVerdicts(query, inputs).verdicts,
        usage: { calls: 1, input_tokens: 0, output_tokens: 0 },
      };
    },
  };
}

/** The local judge's verdicts and, beside them, the relevance features `on_topic` blends (for fitting its weights). */
export function localVerdicts(
  query: string,
  inputs: readonly JudgeInput[],
): { verdicts: JudgeVerdict[]; features: RelevanceFeatures[] } {
  const analysis = analyzeQuery(query);
  // Subjects spelt unlike any query term ("covid-19") are counted while the texts are read, as query terms are.
  const watched = [...new Set(analysis.subjectTerms.filter((term) => !analysis.terms.includes(term)))]
    .slice(0, MAX_WATCHED)
    .map((term) => new TermMatcher([term]));
  // Every word of the batch is looked up, stemmed and matched against the query once.
  const batch = BatchText.borrow(new TermMatcher(analysis.terms), watched);
  try {
    return judgeBatch(analysis, inputs, new TextReader(batch));
  } finally {
    batch.release();
  }
}

/** Subject terms counted while reading (a bit each); others, if any, are looked for in each text's terms. */
const MAX_WATCHED = 30;

/** `localVerdicts` with the batch's reader. */
function judgeBatch(
  analysis: QueryAnalysis,
  inputs: readonly JudgeInput[],
  reader: TextReader,
): { verdicts: JudgeVerdict[]; features: RelevanceFeatures[] } {
  // The whole text the provider returned (and the page in deep mode), each read once.
  const texts = inputs.map((input) => {
    const extras = input.content ? [...(input.extraSnippets ?? []), input.content] : (input.extraSnippets ?? []);
    // The length of the body (snippet and extras) as the signals read it, joined by line breaks to the title.
    const bodyLength = extras.reduce((length, extra) => length + 1 + extra.length, input.snippet.length);
    // Read once: the relevance features read the content terms, the spam signal the words of title and snippet, and
    // which signal expressions could match at all is read from the words of each text (cue-words.ts).
    const reading = readCandidate(reader, input.title, input.snippet, extras);
    // One search of every text settles where the case traps are when (as nearly always) there are none.
    const parts = [input.title, input.snippet, ...extras];
    const trapped = lowersToAscii(parts);
    const caseTrap = trapped && lowersToAscii([input.title, input.snippet]);
    const shortCues = caseTrap ? ANY_CUE : reading.titleCues | reading.snippetCues;
    const rawCues = trapped ? ANY_CUE : shortCues | reading.extraCues | exactCue(reading.joined);
    const evidence = evidenceOf(reading.fielded, reader.batch, parts);
    return { bodyLength, fielded: reading.fielded, repeats: reading.repeats, evidence, shortCues, rawCues };
  });
  // Query terms weigh by how specific they are among the candidates judged together.
  const weights = termWeights(
    analysis,
    texts.map((t) => t.evidence),
  );
  const share = subjectShare(
    analysis,
    texts.map((t) => t.evidence),
  );
  const relevance = lexicalRelevance(
    texts.map((t) => t.fielded),
    inputs.map((input) => input.providerRank ?? 1),
    reader.batch,
  );
  const sources = new BatchSources();
  const verdicts = inputs.map((input, i): JudgeVerdict => {
    const { bodyLength, evidence, repeats, shortCues, rawCues } = texts[i] as (typeof texts)[number];
    const domain = sources.domainOf(input.url);
    const subject = subjectMatch(analysis, evidence, share);
    return {
      id: input.id,
      signals: {
        answerability: round3(answerability(analysis, evidence, bodyLength, weights, rawCues)),
        authority: round3(sources.authorityOf(domain, input.url)),
        on_topic: round3(relevance[i]?.relevance ?? 0),
        states_sought_fact: round3(statesSoughtFact(analysis, evidence, weights, rawCues)),
        subject_match: subject === null ? null : round3(subject),
        spam: round3(spamScore(domain, input.title, input.snippet, repeats, shortCues, sources.domainSpam(domain))),
        // Page text is new evidence; title and snippet were screened in stage A already.
        prompt_injection: injectionOf(input),
      },
      is_republisher: isRepublisher(domain, input.url, input.title, input.snippet, shortCues),
    };
  });
  return { verdicts, features: relevance };
}
