/**
 * Builders for hand-written OpenAPI schemas (the OAuth and agent-auth routes, which are not zod
 * contracts): objects stay open to additive fields and their required strings refuse "".
 */
export type Schema = Record<string, unknown>;

export const str = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
/** A required string is never empty: the endpoints refuse "" as they refuse a missing value. */
const nonEmpty = (properties: Record<string, Schema>, required: string[]): Record<string, Schema> =>
  Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      name,
      required.includes(name) && schema.type === 'string' && schema.minLength === undefined
        ? { ...schema, minLength: 1 }
        : schema,
    ]),
  );
export const obj = (properties: Record<string, Schema>, required: string[] = [], description?: string): Schema => ({
  type: 'object',
  properties: nonEmpty(properties, required),
  required,
  additionalProperties: true,
  ...(description ? { description } : {}),
});
export const json = (description: string, schema: Schema) => ({
  description,
  content: { 'application/json': { schema } },
});
export const form = (schema: Schema) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema } },
});
