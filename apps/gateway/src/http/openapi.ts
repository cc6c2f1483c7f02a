// The OpenAPI 3.1 document of the mounted endpoint specs (GET /open-api/generate-schema). Built
// once at start from the same specs that serve the routes, so it cannot drift from them.
import { z } from 'zod';
import type { ErrorDefinition } from '@tend/kernel';
import { fieldsOf, implicitErrors } from './declared-errors.js';
import type { AnyEndpoint } from './endpoint.js';

type JsonSchema = Record<string, unknown>;

/** The API's name: the document's info.title, and the reference page's title. */
export const API_TITLE = 'Tend authentication API';

export interface OpenApiOptions {
  basePath: string;
  serverURL: string | null;
  version: string;
  /** Extra security schemes modules add (API keys). */
  securitySchemes?: Record<string, JsonSchema>;
  /** The errors of those credentials, on every route that reads the caller. */
  credentialErrors?: readonly ErrorDefinition[];
}

const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'tend.session_token', description: 'The signed session cookie (`__Secure-tend.session_token` on https).' },
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'The session token, for clients without cookies.' },
};

/** Hoists each schema's `$defs` into `components.schemas` and points its refs there. */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    const { $defs, $schema: _ignored, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [name, def] of Object.entries($defs ?? {})) this.components[name] = this.rewrite(def);
    return this.rewrite(rest);
  }

  private rewrite(schema: JsonSchema): JsonSchema {
    return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  }
}

function errorResponse(errors: ErrorDefinition[]): JsonSchema {
  const lines = errors.map((error) => `- \`${error.code}\`: ${error.message}`).join('\n');
  return {
    description: lines || 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, examples: Object.fromEntries(errors.map((e) => [e.code, { value: { code: e.code, message: e.message } }])) } },
  };
}

function responsesOf(spec: AnyEndpoint, schemas: SchemaCollector, credentialErrors: readonly ErrorDefinition[]): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  if (spec.response === 'html') responses['200'] = spec.pageType ? { description: 'A document', content: { [spec.pageType]: { schema: { type: 'string' } } } } : { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } };
  else if (spec.response === 'redirect') responses['302'] = { description: 'A redirect' };
  else if (spec.status === 204) responses['204'] = { description: 'Success, no content' };
  else responses[String(spec.status ?? 200)] = { description: spec.status === 201 ? 'Created' : 'Success', content: { 'application/json': { schema: schemas.convert(spec.response as z.ZodType, 'output') } } };
  if (spec.errorRedirect) responses['302'] = { description: 'With a callbackURL: a redirect to it (failures carry `?error=<code>`)' };
  // A mailed link's JSON route sends the browser on to the callbackURL it is given (GET /reset-password/{token}).
  else if (spec.method === 'get' && spec.response !== 'redirect' && fieldsOf(spec.query).includes('callbackURL')) responses['302'] = { description: 'With a callbackURL: a redirect to it' };
  const byStatus = new Map<number, ErrorDefinition[]>();
  const seen = new Set<string>();
  for (const error of [...(spec.errors ?? []), ...implicitErrors(spec, credentialErrors)]) {
    if (seen.has(error.code)) continue;
    seen.add(error.code);
    byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  }
  for (const [status, errors] of [...byStatus].sort(([a], [b]) => a - b)) responses[String(status)] = errorResponse(errors);
  return responses;
}

function parametersOf(spec: AnyEndpoint, schemas: SchemaCollector): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [['path', spec.params], ['query', spec.query]] as const) {
    if (!schema) continue;
    const json = schemas.convert(schema as z.ZodType, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  }
  return parameters;
}

function bodyContent(spec: AnyEndpoint, schemas: SchemaCollector): Record<string, JsonSchema> {
  const schema = schemas.convert(spec.body as z.ZodType, 'input');
  return spec.formBody ? { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } : { 'application/json': { schema } };
}

function securityOf(spec: AnyEndpoint, schemes: string[]): JsonSchema[] | undefined {
  if (spec.auth === 'public') return undefined;
  return schemes.map((name) => ({ [name]: [] }));
}

/** The OpenAPI 3.1 document of `endpoints` (server-only specs are left out: they have no HTTP route). */
export function openApiDocument(endpoints: readonly AnyEndpoint[], options: OpenApiOptions): JsonSchema {
  const schemas = new SchemaCollector();
  const schemes = Object.keys({ ...SECURITY_SCHEMES, ...options.securitySchemes });
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of endpoints) {
    if (spec.auth === 'server-only') continue;
    const path = `${spec.base ?? options.basePath}${spec.path.replace(/:(\w+)/g, '{$1}')}`;
    const permission = typeof spec.auth === 'object' ? spec.auth.permission : null;
    const operation: JsonSchema = {
      operationId: `${spec.method}${(spec.base ? `${spec.base}${spec.path}` : spec.path).replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: spec.summary,
      ...(spec.description || permission
        ? { description: [spec.description, permission && `Requires the ${permission.scope} permission \`${permission.resource}:${permission.action}\`.`].filter(Boolean).join('\n\n') }
        : {}),
      tags: spec.tags,
      parameters: parametersOf(spec, schemas),
      ...(spec.body ? { requestBody: { required: true, content: bodyContent(spec, schemas) } } : {}),
      responses: responsesOf(spec, schemas, options.credentialErrors ?? []),
    };
    const security = securityOf(spec, schemes);
    if (security) operation.security = security;
    if (permission) operation['x-permission'] = permission;
    (paths[path] ??= {})[spec.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: API_TITLE, version: options.version, description: 'Sign-up, sign-in, sessions and accounts of Tend. Errors are `{ code, message }`.' },
    servers: [{ url: options.serverURL ?? '/' }],
    paths,
    components: {
      schemas: {
        ...schemas.components,
        Error: {
          type: 'object',
          properties: { code: { type: 'string' }, message: { type: 'string' }, issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } } },
          required: ['code', 'message'],
        },
      },
      securitySchemes: { ...SECURITY_SCHEMES, ...options.securitySchemes },
    },
  };
}
