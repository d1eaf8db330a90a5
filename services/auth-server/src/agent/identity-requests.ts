import { z } from 'zod';

import { IDENTITY_TYPES } from '../oauth/vocabulary.ts';

/** A plausible e-mail address (the person confirming sees it; nothing is sent to it). */
export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/);

/** POST /agent/identity: one shape per `type`. */
export const IdentityRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('anonymous') }),
    z.object({
      type: z.literal('service_auth'),
      client_secret: z.string().optional(),
      login_hint: z.string().optional(),
    }),
    z.object({
      type: z.literal('identity_assertion'),
      assertion_type: z.string(),
      assertion: z.string().min(1).max(16_384),
    }),
  ],
  { error: () => `type must be one of ${IDENTITY_TYPES.join(', ')}` },
);

export type IdentityRequest = z.infer<typeof IdentityRequestSchema>;

/**
 * POST /agent/identity/claim in each shape auth.md versions used: `{claim_token, email}`,
 * `{claim_token, login_hint}`, and `{type: "login_hint", claim_token, login_hint}`.
 */
export const ClaimRequestSchema = z.object({
  type: z.literal('login_hint').optional(),
  claim_token: z.string().min(1).max(256),
  email: z.string().optional(),
  login_hint: z.string().optional(),
});

/** The first issue zod found, as one sentence naming the field. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'the request body is not valid';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
