import { z } from 'zod';

/**
 * The problem body every REST 4xx/5xx carries (RFC 9457 plus `code`, `message`, `hint`, `error`):
 * the one schema of that wire format. `buildProblem` produces it, the OpenAPI description publishes
 * it, and our own clients (the MCP service) read problems with it. `code` is a plain string on the
 * wire, so a client keeps working when a newer server adds a code.
 */
export const ProblemSchema = z.object({
  type: z.string().describe('{base_url}/errors/<slug>; a human page explains the error.'),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string(),
  code: z.string(),
  message: z.string(),
  hint: z.string(),
  error: z.object({ code: z.string(), message: z.string(), hint: z.string() }),
  request_id: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export type ProblemBody = z.infer<typeof ProblemSchema>;
