import { contractRegistry } from '@rankgate/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

const generate = (io: 'input' | 'output'): Record<string, JsonSchema> =>
  z.toJSONSchema(contractRegistry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }).schemas as Record<string, JsonSchema>;

/** Request bodies, described as callers may send them. */
const REQUESTS = ['SearchRequest', 'ExtractRequest'] as const;

/** `$schema`/`$id` belong to standalone documents, not to OpenAPI components. */
function asComponent({ $schema: _s, $id: _i, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

/**
 * A response stays open to fields added later (the versioning policy's additive changes): zod's
 * output pass closes every object, which breaks strictly generated clients on the next field.
 */
function openToAdditions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openToAdditions);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openToAdditions(value)]),
  );
}

/**
 * JSON Schema (2020-12, OpenAPI 3.1's dialect) of every registered contract. Responses are
 * described as they are sent (output); the request as callers may send it (input), with the
 * defaults the output pass knows (zod drops them from preprocessed fields in the input pass). The
 * request stays closed (an unknown field is refused); responses are open to additions.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const output = generate('output');
  const input = generate('input');
  const components = Object.fromEntries(
    Object.entries(output).map(([id, schema]) => [id, openToAdditions(asComponent(schema)) as JsonSchema]),
  );
  for (const id of REQUESTS) {
    const request = asComponent(input[id] ?? {});
    for (const [name, property] of Object.entries(request.properties ?? {})) {
      const fallback = output[id]?.properties?.[name]?.default;
      if (fallback !== undefined && property.default === undefined) property.default = fallback;
    }
    components[id] = request;
  }
  return components;
}
