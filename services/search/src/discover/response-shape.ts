/**
 * Lenient checks of provider responses with zod. The envelope must have the expected shape (else
 * the whole call fails), but each result is checked on its own: a row lacking a title or URL is
 * skipped, and an optional field of the wrong type is dropped rather than failing the row.
 */
import { z } from 'zod';

import { ProviderUpstreamError } from './discover-errors.ts';

/** An optional string field: absent, null or not a string → undefined. */
export const optionalText = z.string().nullish().catch(undefined);

/** An optional number field: absent, null or not a number → undefined. */
export const optionalNumber = z.number().nullish().catch(undefined);

/** The envelope, parsed; unknown fields are ignored. Nothing from the body reaches the message. */
export function parseEnvelope<Schema extends z.ZodType>(
  provider: string,
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderUpstreamError(provider, 'sent a response in an unexpected shape');
  return parsed.data;
}

/** The items that match `schema`; the others are skipped. */
export function keepRows<Schema extends z.ZodType>(items: readonly unknown[], schema: Schema): z.output<Schema>[] {
  const rows: z.output<Schema>[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) rows.push(parsed.data);
  }
  return rows;
}
