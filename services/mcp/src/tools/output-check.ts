import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/** Whether a service's answer has the contract's shape (the tool renders it and repeats it as structuredContent). */
export type OutputCheck<T> = (body: unknown) => body is T;

/**
 * A tool's check of a service answer against the tool's own `outputSchema` (generated from the shared zod contract),
 * compiled once by the SDK's JSON Schema validator: the same check an MCP client makes on `structuredContent`, so a
 * result that passes here is one the client accepts. On a cached search it costs about a third of parsing the
 * same body with the zod schema, and, unlike a zod parse, copies nothing (the body itself is rendered and sent).
 */
export function outputCheck<T>(
  validator: jsonSchemaValidator,
  outputSchema: NonNullable<Tool['outputSchema']>,
): OutputCheck<T> {
  const validate = validator.getValidator<T>(outputSchema);
  return (body: unknown): body is T => validate(body).valid;
}
