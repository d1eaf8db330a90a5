export interface Requirement {
  id: string;
  text: string;
  /** Where the behaviour is specified. */
  source: string;
}

export const SPEC = 'service-spec.md';
