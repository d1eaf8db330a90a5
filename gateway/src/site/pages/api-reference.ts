import { escapeHtml, scrollableTable, slugify, withCode } from '../html.ts';

/** The parts of a JSON Schema (as OpenAPI 3.1 uses it) that the reference shows. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Media {
  schema?: Schema;
}
interface Response {
  description?: string;
  content?: Record<string, Media>;
  headers?: Record<string, unknown>;
}
interface Operation {
  tags?: string[];
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
}
interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, { description?: string }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const schemaAnchor = (name: string): string => `schema-${slugify(name)}`;
/** Long field names wrap after `.` and `_` rather than mid-word. */
const breakable = (name: string): string => escapeHtml(name).replace(/([._])/g, '$1<wbr>');
const code = (value: unknown): string => `<code>${escapeHtml(JSON.stringify(value))}</code>`;

function constraints(schema: Schema): string[] {
  const notes: string[] = [];
  const bound = (n: number | undefined): string | undefined =>
    n === undefined || n >= Number.MAX_SAFE_INTEGER ? undefined : String(n);
  const [min, max] = [bound(schema.minimum), bound(schema.maximum)];
  if (min !== undefined && max !== undefined) notes.push(`${min}–${max}`);
  else if (min !== undefined) notes.push(`≥ ${min}`);
  else if (max !== undefined) notes.push(`≤ ${max}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    notes.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} characters`);
  }
  if (schema.default !== undefined) notes.push(`default ${code(schema.default)}`);
  return notes;
}

/** A short, linked description of a schema's type, e.g. `number (0–1) or null`, `array of SearchResult`. */
function describeType(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1) ?? schema.$ref;
    return `<a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;
  }
  const variants = schema.anyOf ?? schema.oneOf;
  let text: string;
  if (variants) text = variants.map(describeType).join(' or ');
  else if (schema.const !== undefined) text = code(schema.const);
  else if (schema.enum) text = `one of ${schema.enum.map(code).join(', ')}`;
  else if (schema.type === 'array') text = `array of ${describeType(schema.items)}`;
  else if (Array.isArray(schema.type)) text = schema.type.map(escapeHtml).join(' or ');
  else text = escapeHtml(schema.type ?? 'any');
  const notes = constraints(schema);
  return notes.length ? `${text} (${notes.join('; ')})` : text;
}

/** Rows of a property table; nested objects (signals, gates) are listed as `parent.child`. */
function propertyRows(schema: Schema, prefix = '', depth = 0): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const required = schema.required?.includes(name) ? 'yes' : 'no';
    const row = `<tr><td><code class="field-name">${breakable(prefix + name)}</code></td><td>${describeType(property)}</td><td>${required}</td><td>${withCode(property.description ?? '')}</td></tr>`;
    const nested = (property.anyOf ?? [property]).find((variant) => variant.properties);
    return nested && depth < 1 ? [row, ...propertyRows(nested, `${prefix}${name}.`, depth + 1)] : [row];
  });
}

/** `caption` is plain text. */
const table = (caption: string, head: string[], rows: string[]): string =>
  scrollableTable(
    caption,
    `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`,
  );

function renderSecurity(operation: Operation): string {
  const schemes = (operation.security ?? []).flatMap((requirement) =>
    Object.entries(requirement).map(([name, scopes]) => (scopes.length ? `${name} (${scopes.join(', ')})` : name)),
  );
  return schemes.length
    ? `<p class="auth">Credential: any of ${schemes.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}.</p>`
    : '<p class="auth">No credential needed.</p>';
}

function renderContent(content: Record<string, Media> | undefined): string {
  return Object.entries(content ?? {})
    .map(([type, media]) => `<code>${escapeHtml(type)}</code>${media.schema ? `: ${describeType(media.schema)}` : ''}`)
    .join('<br>');
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const id = `op-${slugify(operation.operationId ?? `${method} ${path}`)}`;
  const title = `<span class="method method-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>`;
  const parts = [
    `<h4 id="${id}">${title}</h4>`,
    `<p>${withCode(operation.summary ?? '')}</p>`,
    renderSecurity(operation),
  ];
  if (operation.parameters?.length) {
    parts.push(
      table(
        `Parameters of ${method.toUpperCase()} ${path}`,
        ['Name', 'In', 'Type', 'Required', 'Meaning'],
        operation.parameters.map(
          (p) =>
            `<tr><td><code class="field-name">${breakable(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${describeType(p.schema)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${withCode(p.description ?? '')}</td></tr>`,
        ),
      ),
    );
  }
  if (operation.requestBody?.content)
    parts.push(`<p>Request body: ${renderContent(operation.requestBody.content)}</p>`);
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length) {
    parts.push(
      table(
        `Responses of ${method.toUpperCase()} ${path}`,
        ['Status', 'Meaning', 'Body'],
        responses.map(
          ([status, r]) =>
            `<tr><td>${escapeHtml(status)}</td><td>${withCode(r.description ?? '')}</td><td>${renderContent(r.content)}</td></tr>`,
        ),
      ),
    );
  }
  return `<section class="operation" aria-labelledby="${id}">${parts.join('\n')}</section>`;
}

/** The API reference, rendered on the server from the same document `/openapi.json` serves. */
export function renderApiReference(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, operation: item[method] as Operation })),
  );
  const tags = document.tags ?? [];
  const groups = tags.map((tag) => {
    const members = operations.filter(({ operation }) => operation.tags?.includes(tag.name));
    const id = `tag-${slugify(tag.name)}`;
    return {
      id,
      tag,
      members,
      html: `<section aria-labelledby="${id}"><h3 id="${id}">${escapeHtml(tag.description ?? tag.name)}</h3>
${members.map(({ method, path, operation }) => renderOperation(method, path, operation)).join('\n')}</section>`,
    };
  });
  const schemas = Object.entries(document.components?.schemas ?? {}).map(
    ([name, schema]) => `<section class="schema" aria-labelledby="${schemaAnchor(name)}">
<h4 id="${schemaAnchor(name)}">${escapeHtml(name)}</h4>${schema.description ? `<p>${withCode(schema.description)}</p>` : ''}
${schema.properties ? table(`Fields of ${name}`, ['Field', 'Type', 'Required', 'Meaning'], propertyRows(schema)) : `<p>${describeType(schema)}</p>`}</section>`,
  );
  // The reference is long: the contents name every operation and schema, not only the sections.
  const operationLink = ({ method, path, operation }: { method: string; path: string; operation: Operation }) =>
    `<li><a href="#op-${slugify(operation.operationId ?? `${method} ${path}`)}">${method.toUpperCase()} <code>${escapeHtml(path)}</code></a></li>`;
  const contents = [
    '<li><a href="#try-it">Try it</a></li>',
    ...groups.map(
      (g) =>
        `<li><a href="#${g.id}">${escapeHtml(g.tag.description ?? g.tag.name)}</a><ul>${g.members.map(operationLink).join('')}</ul></li>`,
    ),
    `<li><a href="#schemas">Schemas</a><ul>${Object.keys(document.components?.schemas ?? {})
      .map((name) => `<li><a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a></li>`)
      .join('')}</ul></li>`,
  ];
  // Examples against this instance: the document's server is the origin it was served from (BASE_URL).
  const origin = document.servers?.[0]?.url ?? '';
  const tryIt = `<section aria-labelledby="try-it"><h3 id="try-it">Try it</h3>
<p>Against this instance, <code>${escapeHtml(origin)}</code>: the sandbox needs no credential; a search needs the operator key (or a token).</p>
<pre><code>curl -s ${escapeHtml(origin)}/v1/sandbox
curl -s -H "X-API-Key: $OPERATOR_API_KEY" '${escapeHtml(origin)}/v1/search?q=how+do+tides+work&amp;k=3'</code></pre></section>`;
  return `<section aria-labelledby="api-reference" class="api-reference">
<h2 id="api-reference">API reference</h2>
<p>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}, rendered from <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). ${withCode(document.info.description ?? '')}</p>
<nav aria-label="API reference contents"><ul class="toc">${contents.join('')}</ul></nav>
${tryIt}
${groups.map((g) => g.html).join('\n')}
<section aria-labelledby="schemas"><h3 id="schemas">Schemas</h3>
${schemas.join('\n')}</section>
</section>`;
}

export type { OpenApiDocument };
