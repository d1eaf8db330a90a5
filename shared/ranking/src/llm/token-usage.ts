/** Tokens one judge call spent, as the upstream reported them. */
export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
}
