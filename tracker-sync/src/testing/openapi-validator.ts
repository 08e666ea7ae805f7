import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** One HTTP answer as the fake (or a recorded real tracker) sent it. */
export interface TrackerExchange {
  method: string;
  path: string;
  status: number;
  body: unknown;
  contentType: string;
}

export interface TrackerSpecs {
  /** [] = the answer matches Atlassian's documents; otherwise one sentence per problem. */
  validateResponse(exchange: TrackerExchange): string[];
  /** Time spent reading and preparing the four documents. */
  readonly loadMs: number;
}

interface SpecDocument {
  readonly name: string;
  readonly prefix: string;
  readonly uri: string;
  readonly doc: OpenApiDocument;
  readonly operations: { template: string; pattern: RegExp; params: number }[];
  readonly ajv: Ajv;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

interface OpenApiOperation {
  responses?: Record<
    string,
    { content?: Record<string, { schema?: unknown; example?: unknown; examples?: unknown }> }
  >;
}

const DOCUMENTS = [
  { name: 'jira-platform-v3', prefix: '/rest/api/3/', file: 'jira-platform-v3.openapi.json' },
  { name: 'jira-platform-v2', prefix: '/rest/api/2/', file: 'jira-platform-v2.openapi.json' },
  { name: 'jira-software-agile', prefix: '/rest/agile/1.0/', file: 'jira-software-agile.openapi.json' },
  {
    name: 'jira-service-management',
    prefix: '/rest/servicedeskapi/',
    file: 'jira-service-management.openapi.json',
  },
] as const;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** <repo>/../shared/tracker-specs: the documents live beside the repository, not in it. */
export function defaultTrackerSpecsDir(): string {
  return process.env.FAHRPLAN_TRACKER_SPECS ?? resolve(__dirname, '../../../../shared/tracker-specs');
}

export function loadTrackerSpecs(dir: string = defaultTrackerSpecsDir()): TrackerSpecs {
  const started = performance.now();
  const documents = DOCUMENTS.map((entry) => {
    const file = join(dir, entry.file);
    if (!existsSync(file))
      throw new Error(`tracker OpenAPI document missing: ${file} (set FAHRPLAN_TRACKER_SPECS)`);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
    relaxDocument(doc);
    const uri = `urn:fahrplan:${entry.name}`;
    // Compiled lazily per operation; the whole document is registered so its #/components refs resolve.
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false });
    addFormats(ajv);
    ajv.addSchema(doc as object, uri);
    const operations = Object.keys(doc.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}$`,
        ),
        params: (template.match(/\{/g) ?? []).length,
      }))
      // Literal segments win over templates (/project/search before /project/{projectIdOrKey}).
      .sort((a, b) => a.params - b.params || b.template.length - a.template.length);
    return { ...entry, uri, doc, operations, ajv } satisfies SpecDocument;
  });
  const loadMs = performance.now() - started;
  const cache = new Map<string, ValidateFunction>();

  function validateResponse(exchange: TrackerExchange): string[] {
    const method = exchange.method.toLowerCase();
    const path = exchange.path.split('?')[0] ?? '';
    const label = `${exchange.method.toUpperCase()} ${path} → ${exchange.status}`;
    const document = documents.find((d) => path.startsWith(d.prefix));
    if (!document) return [`${label}: no Atlassian document covers this path`];
    const operation = document.operations.find(
      (o) => o.pattern.test(path) && METHODS.has(method) && document.doc.paths[o.template]?.[method],
    );
    if (!operation)
      return [`${label}: ${document.name} has no operation ${exchange.method.toUpperCase()} for this path`];
    const responses = (document.doc.paths[operation.template]?.[method] as OpenApiOperation).responses ?? {};
    const statusKey = [String(exchange.status), `${String(exchange.status)[0]}XX`, 'default'].find(
      (key) => responses[key],
    );
    const isError = exchange.status >= 400;
    if (!statusKey) {
      // Gateways answer 429/5xx (and the retired search 410) on any path; the documents list only some.
      return isError
        ? errorShapeProblems(document, exchange, label)
        : [`${label}: status not documented for ${operation.template}`];
    }
    if (exchange.status === 204 || exchange.body === undefined || exchange.body === '') {
      return exchange.status === 204 ? [] : [`${label}: empty body`];
    }
    if (!/json/i.test(exchange.contentType))
      return [`${label}: content-type ${exchange.contentType} is not JSON`];
    const content = responses[statusKey]?.content ?? {};
    const media = content['application/json'] ?? Object.values(content)[0];
    if (!media?.schema) {
      // Only an example (many agile answers) or nothing: being JSON is all that can be checked.
      return isError ? errorShapeProblems(document, exchange, label) : [];
    }
    const key = `${document.name} ${method} ${operation.template} ${statusKey}`;
    let validate = cache.get(key);
    if (validate === undefined) {
      const mediaKey = content['application/json'] ? 'application/json' : Object.keys(content)[0]!;
      const pointer = [
        'paths',
        operation.template,
        method,
        'responses',
        statusKey,
        'content',
        mediaKey,
        'schema',
      ]
        .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
        .join('/');
      validate = document.ajv.compile({ $ref: `${document.uri}#/${pointer}` });
      cache.set(key, validate);
    }
    // The documented error schemas require nothing, so errors are also held to Jira's usual shape.
    const shape = isError ? errorShapeProblems(document, exchange, label) : [];
    if (validate(exchange.body)) return shape;
    return [
      ...shape,
      ...(validate.errors ?? [])
        .slice(0, 8)
        .map(
          (error) =>
            `${label}: ${error.instancePath || '(body)'} ${error.message ?? 'invalid'} (${operation.template})`,
        ),
    ];
  }

  return { validateResponse, loadMs };
}

function errorShapeProblems(document: SpecDocument, exchange: TrackerExchange, label: string): string[] {
  const body = exchange.body as Record<string, unknown> | null;
  if (
    !/json/i.test(exchange.contentType) ||
    typeof body !== 'object' ||
    body === null ||
    Array.isArray(body)
  ) {
    return [`${label}: error answer is not a JSON object`];
  }
  if (document.prefix === '/rest/servicedeskapi/') {
    const i18n = body.i18nErrorMessage as Record<string, unknown> | undefined;
    const ok =
      typeof body.errorMessage === 'string' &&
      (i18n === undefined || (typeof i18n.i18nKey === 'string' && Array.isArray(i18n.parameters)));
    return ok ? [] : [`${label}: error body lacks the service-desk shape {errorMessage, i18nErrorMessage}`];
  }
  const messages = body.errorMessages;
  const errors = body.errors;
  const ok =
    Array.isArray(messages) &&
    messages.every((m) => typeof m === 'string') &&
    typeof errors === 'object' &&
    errors !== null &&
    !Array.isArray(errors) &&
    Object.values(errors).every((m) => typeof m === 'string');
  return ok
    ? []
    : [`${label}: error body lacks Jira's shape {errorMessages: string[], errors: {field: message}}`];
}

/**
 * Adapts the documents to what the real service sends (README quirks): extra properties are
 * allowed everywhere, and OpenAPI 3.0 `nullable` becomes a JSON-schema null type.
 */
function relaxDocument(doc: OpenApiDocument): void {
  for (const schema of Object.values(doc.components?.schemas ?? {})) relaxSchema(schema);
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item)) {
      const responses = (operation as OpenApiOperation | undefined)?.responses;
      for (const response of Object.values(responses ?? {})) {
        for (const media of Object.values(response.content ?? {})) relaxSchema(media.schema);
      }
    }
  }
}

function relaxSchema(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  const node = schema as Record<string, unknown>;
  if (node.additionalProperties === false) delete node.additionalProperties;
  if (node.nullable === true) {
    delete node.nullable;
    if (typeof node.type === 'string') node.type = [node.type, 'null'];
    if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  }
  for (const key of ['properties', 'patternProperties', 'definitions']) {
    const map = node[key];
    if (typeof map === 'object' && map !== null) for (const child of Object.values(map)) relaxSchema(child);
  }
  for (const key of ['items', 'additionalProperties', 'not']) relaxSchema(node[key]);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) relaxSchema(child);
  }
}
