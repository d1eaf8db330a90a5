import { screenPage, screenResult } from '../screening/index.ts';
import { LOCAL_JUDGE_WEIGHTS } from '../score-weights.ts';
import type { Judge, JudgeInput, JudgeResult, JudgeVerdict } from '../judge.ts';
import { BatchVocabulary } from './batch-vocabulary.ts';
import { candidateWords } from './candidate-words.ts';
import { ANY_CUE, lowersToAscii } from './cue-words.ts';
import { evidenceOf, fieldedText } from './fielded-text.ts';
import { TermMatcher } from './term-matcher.ts';
import type { RelevanceFeatures } from './lexical-relevance.ts';
import { lexicalRelevance } from './lexical-relevance.ts';
import { analyzeQuery } from './query-analysis.ts';
import { answerability, statesSoughtFact, subjectMatch, subjectShare, termWeights } from './relevance-signals.ts';
import { authorityOf, isRepublisher } from './source-reputation.ts';
import { spamScore } from './spam-signals.ts';
import { domainOf, round3 } from './text.ts';

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
  // Every word of the batch is looked up, stemmed and matched against the query once.
  const vocabulary = new BatchVocabulary(new TermMatcher(analysis.terms));
  // The whole text the provider returned (and the page in deep mode), each read once.
  const texts = inputs.map((input) => {
    const extras = [...(input.extraSnippets ?? []), ...(input.content ? [input.content] : [])];
    // Title and body (snippet and extras) joined once, flat: the signals' expressions search it whole.
    const raw = [input.title, input.snippet, ...extras].join('\n');
    const bodyLength = raw.length - input.title.length - 1;
    // Split once: the relevance features read the content terms, the spam signal the words of title and snippet.
    const words = candidateWords(vocabulary, input.title, input.snippet, extras);
    // A snippet cut from a passage also sent whole (the local provider's) is read once, not counted twice.
    const bodyTerms = vocabulary.termsOf(...(words.snippetRepeated ? [] : [words.snippet]), ...words.extras);
    const fielded = fieldedText(vocabulary.termsOf(words.title), bodyTerms, vocabulary);
    const repeats = vocabulary.repeatsOf(words.title, words.snippet);
    // Which signal expressions could match at all: title and snippet, and the whole text (cue-words.ts).
    // One search of the whole text settles where the case traps are when (as nearly always) it holds none.
    const trapped = lowersToAscii([raw]);
    const caseTrap = trapped && lowersToAscii([input.title, input.snippet]);
    const shortCues = caseTrap ? ANY_CUE : vocabulary.cuesOf(words.title, words.snippet);
    const rawCues = trapped ? ANY_CUE : shortCues | vocabulary.cuesOf(...words.extras);
    const evidence = evidenceOf(fielded, vocabulary, raw);
    return { bodyLength, fielded, repeats, evidence, shortCues, rawCues };
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
    vocabulary,
  );
  const verdicts = inputs.map((input, i): JudgeVerdict => {
    const { bodyLength, evidence, repeats, shortCues, rawCues } = texts[i] as (typeof texts)[number];
    const domain = domainOf(input.url);
    const subject = subjectMatch(analysis, evidence, share);
    return {
      id: input.id,
      signals: {
        answerability: round3(answerability(analysis, evidence, bodyLength, weights, rawCues)),
        authority: round3(authorityOf(domain, input.url)),
        on_topic: round3(relevance[i]?.relevance ?? 0),
        states_sought_fact: round3(statesSoughtFact(analysis, evidence, weights)),
        subject_match: subject === null ? null : round3(subject),
        spam: round3(spamScore(domain, input.title, input.snippet, repeats, shortCues)),
        // Page text is new evidence; title and snippet were screened in stage A already.
        prompt_injection: injectionOf(input),
      },
      is_republisher: isRepublisher(domain, input.url, input.title, input.snippet, shortCues),
    };
  });
  return { verdicts, features: relevance };
}
