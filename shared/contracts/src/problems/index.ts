export type { ProblemCode, ProblemDefinition } from './catalogue.ts';
export { PROBLEM_CODES, PROBLEMS, problemCodeForSlug, problemCodeForStatus } from './catalogue.ts';
export type { FieldError, ProblemDocument, ProblemInput } from './build-problem.ts';
export { buildProblem, PROBLEM_CONTENT_TYPE } from './build-problem.ts';
export type { ProblemBody } from './problem-schema.ts';
export { ProblemSchema } from './problem-schema.ts';
export { isProblemError, ProblemError } from './problem-error.ts';
export type { PageContent, PageLayout } from './problem-page.ts';
export { plainLayout, renderProblemIndex, renderProblemPage } from './problem-page.ts';
