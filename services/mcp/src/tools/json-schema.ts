import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

type ObjectSchema = Tool['inputSchema'];

/**
 * A zod schema as a tool's JSON Schema. Both input and output schemas are generated from the
 * input side: the output side would add `additionalProperties: false` everywhere, and the search
 * response promises that additive fields may appear. `$schema` is left out: 2025-11-25 reads a
 * schema without it as 2020-12, older clients as draft-07, and these keywords mean the same in both
 * (the SDK client's Ajv rejects a 2020-12 `$schema` it was not configured for).
 */
export function toolJsonSchema(schema: z.ZodType): ObjectSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  if (json.type !== 'object') throw new Error('a tool schema must describe an object');
  return json as ObjectSchema;
}

/** A tool without parameters (tools spec: an object schema that admits no properties). */
export const NO_ARGUMENTS = z.strictObject({});
