// The endpoint specs and the Express app read the way a client cannot (OpenAPI, bad input,
// error catalogue, hardening tests), so those tests follow new routes.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Express } from 'express';
import type { z } from 'zod';
import type { AnyEndpoint } from '../../src/index.js';

/** The gateway package directory (where its devDependencies resolve). */
const GATEWAY_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** `/reset-password/:token` -> `/reset-password/{token}`, under the base path. */
export function openApiPathOf(basePath: string, path: string): string {
  return `${basePath}${path.replace(/:(\w+)/g, '{$1}')}`;
}

/** `GET /api/auth/ok`: how route sets are compared. */
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

interface Unwrappable {
  shape?: Record<string, z.ZodType>;
  _zod?: { def: { innerType?: unknown; in?: unknown } };
}

/** The fields of an object schema, looking through wrappers (`.catch()`, `.optional()`, pipes). */
export function shapeOf(schema: unknown): Record<string, z.ZodType> {
  let current = schema as Unwrappable | undefined;
  for (let depth = 0; current && !current.shape && depth < 10; depth++) {
    const def = current._zod?.def;
    current = (def?.innerType ?? def?.in) as Unwrappable | undefined;
  }
  return current?.shape ?? {};
}

/** A field is required on the wire when its schema refuses `undefined`. */
export function isRequired(field: z.ZodType): boolean {
  return !field.safeParse(undefined).success;
}

/** The required fields of an object schema. */
export function requiredFieldsOf(schema: unknown): string[] {
  return Object.entries(shapeOf(schema))
    .filter(([, field]) => isRequired(field))
    .map(([name]) => name);
}

// The last two for schemas that insist on an address or on a kind of mailed code.
const SAMPLES: unknown[] = [
  'sample',
  1,
  true,
  'enabled',
  'https://img.example/a.png',
  'sample@example.invalid',
  'sign-in',
  'sample.example',
  // A WebAuthn answer (registration and authentication alike) that verifies nothing, and its type.
  'public-key',
  // A list of redirect URIs (OAuth clients).
  ['https://app.example/cb'],
  { id: 'AA', rawId: 'AA', type: 'public-key', response: { clientDataJSON: '', attestationObject: '', authenticatorData: '', signature: '' }, clientExtensionResults: {} },
  // A SCIM PATCH's operations (RFC 7644 §3.5.2).
  [{ op: 'replace', path: 'displayName', value: 'sample' }],
];

/**
 * A minimal input the schema accepts: every required field with a harmless sample value (no
 * real email, no real token), so one corrupted field is the only thing wrong with a request.
 */
export function baselineOf(schema: unknown): Record<string, unknown> {
  const baseline: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shapeOf(schema))) {
    if (!isRequired(field)) continue;
    const sample = SAMPLES.find((value) => field.safeParse(value).success);
    if (sample === undefined) throw new Error(`No sample value for the required field ${name}: add one to SAMPLES`);
    baseline[name] = sample;
  }
  return baseline;
}

/** The specs that have an HTTP route (server-only ones are never mounted). */
export function httpEndpoints(endpoints: readonly AnyEndpoint[]): AnyEndpoint[] {
  return endpoints.filter((spec) => spec.auth !== 'server-only');
}

interface RouterLayer {
  rawPath?: unknown;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[]; routes?: () => string[] };
}

/**
 * The routes the Express app really serves under `basePath` (`GET /api/auth/ok`), read from its
 * router: what the OpenAPI document is compared with, so a route mounted by hand shows up.
 */
export function mountedRoutes(app: Express, basePath: string): Set<string> {
  const root = (app as unknown as { router: { stack: RouterLayer[] } }).router;
  const routes = new Set<string>();
  const visit = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') routes.add(routeKey(method, `${prefix}${path}`));
        }
      } else if (typeof layer.handle?.routes === 'function') {
        // The gateway's RouteTable: one middleware serving many routes.
        for (const route of layer.handle.routes()) {
          const [method, path] = route.split(' ');
          routes.add(routeKey(method!, `${prefix}${path}`));
        }
      } else if (layer.handle?.stack && typeof layer.rawPath === 'string') {
        visit(layer.handle.stack, `${prefix}${layer.rawPath === '/' ? '' : layer.rawPath}`);
      }
    }
  };
  visit(root.stack, '');
  // The auth routes, and the documents the protocols place at the site's root (`/.well-known/…`).
  return new Set([...routes].filter((route) => route.split(' ')[1]!.startsWith(`${basePath}/`) || route.split(' ')[1]!.startsWith('/.well-known/')));
}

const VALIDATE_SCRIPT = `
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
const validator = new Validator();
const result = await validator.validate(JSON.parse(readFileSync(process.argv[1], 'utf8')));
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors ?? null, version: validator.version ?? null }));
`;

/**
 * Validates an OpenAPI document with @seriousme/openapi-schema-validator. The package is
 * ESM-only and jest runs these tests as CommonJS, so it runs in a child Node process.
 */
export async function validateOpenApi(document: unknown): Promise<{ valid: boolean; errors: unknown; version: string | null }> {
  const dir = await mkdtemp(join(tmpdir(), 'tend-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', VALIDATE_SCRIPT, file], { cwd: GATEWAY_DIR, maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as { valid: boolean; errors: unknown; version: string | null };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every `$ref` in a JSON value. */
export function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (key === '$ref' && typeof field === 'string') found.push(field);
      else refsOf(field, found);
    }
  }
  return found;
}
