/**
 * A family of prompt-injection evidence: a weight (how strongly one match alone suggests an injection) and
 * patterns in several wordings and languages (./injection-patterns.ts lists them).
 */
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
}
