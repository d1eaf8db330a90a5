/**
 * A family of prompt-injection evidence: a weight (how strongly one match alone suggests an injection) and
 * patterns in several wordings and languages (./injection-patterns.ts lists them).
 */
/** Any character within one clause (a family's words must stand in the same clause), for patterns built as strings. */
export const WITHIN_CLAUSE = String.raw`[^.!?;\n]`;

/** A stretch of a text, [start, end): a rule family's first match, or a word. */
export interface Span {
  start: number;
  end: number;
}

/** What the detector reads (./flat-text.ts, FlatText), as much of it as a family may look at. */
export interface ReadText {
  readonly text: string;
  /** The word where the reading took out an invisible character, if it did. */
  readonly hidden: Span | null;
}

export interface InjectionFamily {
  /** Reason shown in `injection_reasons`. */
  readonly reason: string;
  readonly weight: number;
  /**
   * The weight instead, when the match sits in a sentence planted in a page: a longer text that is not itself
   * a conversation with an assistant (see sentenceInPage). A person's own prompt may shape the reply it asks
   * for; a web page, a mail or a table that does so is speaking to whoever's assistant reads it.
   */
  readonly plantedWeight?: number;
  readonly patterns: readonly RegExp[];
  /** Evidence that a single regular expression cannot express (repetition, encoded runs, disguised secrets). */
  readonly match?: (text: string) => boolean;
  /**
   * Evidence found by the reading of the text itself rather than in its words, and where it lies; looked for when
   * no pattern matches.
   */
  readonly find?: (read: ReadText) => Span | null;
}
