// Every route that takes input, walked from the endpoint specs (a new route joins by itself), is
// sent hostile input: NUL bytes, lone surrogates, huge strings, deep nesting and wrong types. The
// answer is always the spec's 4xx `{ code, message }`, never a 5xx or a stack trace; no user is
// created or lost, and the signed-in user keeps its name. Every error answer is one the route's
// OpenAPI operation declares (status and code). Routes that need a session get a sample of the
// cases signed out (all answer 401 before reading input) and every case signed in.
import { parse as parseQuery } from 'node:querystring';
import type { Server } from 'node:http';
import request from 'supertest';
import type { z } from 'zod';
import { JSON_LIMITS } from '@tend/contracts';
import { defaultConfig, endpointsOf, MODULES, type AnyEndpoint } from '../src/index.js';
import { REDIRECT_FIELDS } from '../src/http/origins.js';
import { TOKENS } from '../src/tokens.js';
import { BASE, baselineOf, errorBodyProblem, httpEndpoints, openApiPathOf, ORIGIN, SECRET, shapeOf, signUp, startGateway, type TestGateway } from './harness/index.js';

const NESTING = 10_000;
const FIVE_MB = 'x'.repeat(5 * 1024 * 1024);
const NEST = '"__nest__"';

type Where = 'body' | 'query' | 'params';

interface BadCase {
  name: string;
  /** Sent to routes that need a session when signed out too (they all answer 401: a sample is enough). */
  sample?: boolean;
  /** The corrupted field, when one is (validation errors must name it). */
  field?: { where: Where; name: string };
  method: AnyEndpoint['method'];
  url: string;
  /** Raw JSON text (so `\ud800` and `\u0000` travel as JSON escapes), or the raw form when `form`. */
  body?: string;
  /** Sent `application/x-www-form-urlencoded` (routes that read a form too: identity providers' posts). */
  form?: boolean;
  /** The Content-Type sent instead of JSON's (an encoding the body parser cannot read). */
  contentType?: string;
  /** What the app sees after parsing: decides the expected answer. */
  seen: { body?: unknown; query: Record<string, unknown>; params: Record<string, unknown> } | null;
  /** Refused before any route logic (body limits, malformed JSON, JSON deeper or larger than JSON_LIMITS, undecodable path). */
  forced?: Expected;
}

interface Expected {
  status: number;
  code: string;
  message?: string;
  field?: string;
}

const config = defaultConfig({ secret: SECRET, baseURL: ORIGIN });
const SPECS = httpEndpoints(endpointsOf(MODULES, config)).filter((spec) => spec.body || spec.query || spec.params);

/** Hostile values for any JSON field; none of them is a safe redirect target. */
const BODY_VALUES: [string, unknown][] = [
  ['a NUL byte', 'a\u0000b'],
  ['a lone high surrogate', '\ud800'],
  ['a lone low surrogate', 'x\udc00'],
  ['50,000 characters', 'x'.repeat(50_000)],
  ['a number', 12345],
  ['a boolean', true],
  ['an array', ['a']],
  ['an object', { a: 'b' }],
  ['null', null],
];

/** Hostile values for fields that take objects or arrays (metadata, permissions). */
const STRUCTURED_VALUES: [string, unknown][] = [
  ['an object holding a NUL byte', { a: 'a\u0000b' }],
  ['an object holding a lone surrogate', { a: '\ud800' }],
  ['an object with a NUL byte in a key', { 'a\u0000': 'b' }],
  ['an array holding a NUL byte', ['a\u0000b']],
  ['an object of arrays holding a NUL byte', { a: ['a\u0000b'] }],
  [`${JSON_LIMITS.recordValues + 1} keys`, Object.fromEntries(Array.from({ length: JSON_LIMITS.recordValues + 1 }, (_, i) => [`k${i}`, ['a']]))],
];

/** Past the shape limits where JSON enters: refused as the body is parsed, before redirect fields or the session are looked at. */
const tooDeep = (field?: string): Expected => ({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters', field });
/** More object keys than a body may hold (short keys: the body stays under the size limit). */
const TOO_MANY_KEYS = Object.fromEntries(Array.from({ length: JSON_LIMITS.bodyKeys + 1 }, (_, i) => [i.toString(36), 0]));

const takesStructures = (field: z.ZodType) => [{ a: 'b' }, ['a'], { a: ['b'] }].some((value) => field.safeParse(value).success);

// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a JSON value holds a NUL byte or a lone surrogate anywhere, keys included (iterative: values nest 10,000 deep). */
function holdsUnstorable(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string' && UNSTORABLE.test(value)) return true;
    if (value && typeof value === 'object') {
      for (const [key, field] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return true;
        stack.push(field);
      }
    }
  }
  return false;
}

/** Hostile raw query values (`%ED%A0%80` is a UTF-16 surrogate in UTF-8: not valid UTF-8). */
const QUERY_VALUES: [string, (name: string) => string][] = [
  ['a NUL byte', (name) => `${name}=a%00b`],
  ['an encoded lone surrogate', (name) => `${name}=%ED%A0%80`],
  ['a control character', (name) => `${name}=%1B%5B31m`],
  ['10,000 characters', (name) => `${name}=${'x'.repeat(10_000)}`],
  ['a repeated parameter (an array)', (name) => `${name}=a&${name}=b`],
  ['an empty value', (name) => `${name}=`],
];

/** Hostile raw path segments. */
const PARAM_VALUES: [string, string][] = [
  ['a NUL byte', 'a%00b'],
  ['an encoded lone surrogate', '%ED%A0%80'],
  ['a bare percent sign', '%'],
  ['a control character', '%07'],
  ['10,000 characters', 'x'.repeat(10_000)],
];

function pathOf(spec: AnyEndpoint, params: Record<string, string>): string {
  return `${BASE}${spec.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'sample')}`;
}

function queryString(pairs: string[]): string {
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const encodePairs = (values: Record<string, unknown>) => Object.entries(values).map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A baseline of a field that is an object: its required fields' samples, or the field's own sample (a WebAuthn answer). */
function innerBaseline(field: unknown, sample: unknown): Record<string, unknown> {
  try {
    return baselineOf(field);
  } catch {
    return typeof sample === 'object' && sample !== null ? (sample as Record<string, unknown>) : {};
  }
}

/** Every hostile request for one spec: each field of body, query and path corrupted in turn, and the body as a whole. */
function casesOf(spec: AnyEndpoint): BadCase[] {
  const cases: BadCase[] = [];
  const body = spec.body ? baselineOf(spec.body) : undefined;
  const query = spec.query ? (baselineOf(spec.query) as Record<string, unknown>) : {};
  const params = Object.fromEntries(Object.keys(shapeOf(spec.params)).map((name) => [name, 'sample']));
  const url = (q: string[] = encodePairs(query), p: Record<string, string> = params) => `${pathOf(spec, p)}${queryString(q)}`;
  const baseCase = { method: spec.method } as const;
  const seenQuery = () => ({ ...query });

  cases.push({ ...baseCase, name: 'the baseline input (control)', url: url(), body: body && JSON.stringify(body), seen: { body, query: seenQuery(), params } });

  if (body) {
    const shape = shapeOf(spec.body);
    const fields = Object.keys(shape);
    const deep = `${'{"x":'.repeat(NESTING)}1${'}'.repeat(NESTING)}`;
    const nest = (name: string) => JSON.stringify({ ...body, [name]: '__nest__' }).replace(NEST, deep);
    for (const name of fields) {
      const field = { where: 'body' as const, name };
      const structured = takesStructures(shape[name]!);
      for (const [label, value] of [...BODY_VALUES, ...(structured ? STRUCTURED_VALUES : [])]) {
        const sent = { ...body, [name]: value };
        cases.push({ ...baseCase, name: `body.${name}: ${label}`, sample: SAMPLED.has(label), field, url: url(), body: JSON.stringify(sent), seen: { body: sent, query: seenQuery(), params } });
      }
      // Deep nesting matters where a field takes objects; elsewhere the first field stands for all.
      if (structured || name === fields[0]) {
        const nested = nest(name);
        cases.push({ ...baseCase, name: `body.${name}: ${NESTING} levels of nested objects`, field, url: url(), body: nested, seen: { body: JSON.parse(nested), query: seenQuery(), params }, forced: tooDeep(name) });
      }
      // Records one level down (organization/update's data.metadata): nested 10,000 deep too.
      const inner = shapeOf(shape[name]);
      for (const sub of Object.keys(inner).filter((key) => takesStructures(inner[key]!))) {
        const sent = JSON.stringify({ ...body, [name]: { ...innerBaseline(shape[name], body[name]), [sub]: '__nest__' } }).replace(NEST, deep);
        const path = `${name}.${sub}`;
        cases.push({ ...baseCase, name: `body.${path}: ${NESTING} levels of nested objects`, field: { where: 'body', name: path }, url: url(), body: sent, seen: { body: JSON.parse(sent), query: seenQuery(), params }, forced: tooDeep(path) });
      }
    }
    const manyKeys = { ...TOO_MANY_KEYS, ...body };
    cases.push({ ...baseCase, name: `the body: ${JSON_LIMITS.bodyKeys + 1} keys`, url: url(), body: JSON.stringify(manyKeys), seen: { body: manyKeys, query: seenQuery(), params }, forced: tooDeep() });
    // The body limit is checked on the declared length before any field is read: one field is enough.
    cases.push({
      ...baseCase,
      name: `body.${fields[0]}: 5 MB`,
      url: url(),
      body: JSON.stringify({ ...body, [fields[0]!]: FIVE_MB }),
      seen: null,
      forced: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
    });
    const deepArray = `${'['.repeat(NESTING)}${']'.repeat(NESTING)}`;
    cases.push({ ...baseCase, name: 'the body: an array', url: url(), body: '[]', seen: { body: [], query: seenQuery(), params } });
    cases.push({ ...baseCase, name: `the body: ${NESTING} nested arrays`, url: url(), body: deepArray, seen: { body: JSON.parse(deepArray), query: seenQuery(), params }, forced: tooDeep() });
    for (const raw of ['null', '{"a":']) {
      cases.push({ ...baseCase, name: `the body: ${raw}`, url: url(), body: raw, seen: null, forced: { status: 400, code: 'INVALID_JSON' } });
    }
    cases.push({ ...baseCase, name: 'the body: an unknown charset', url: url(), body: JSON.stringify(body), contentType: 'application/json; charset=x-unknown', seen: null, forced: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' } });
    // Routes that read a form too (the SAML ACS, the providers' form post): each field form-encoded, as a query value.
    if (spec.formBody) {
      for (const name of fields) {
        const others = encodePairs(Object.fromEntries(Object.entries(body).filter(([key]) => key !== name)));
        for (const [label, pair] of QUERY_VALUES) {
          const form = [...others, pair(name)].join('&');
          cases.push({ ...baseCase, name: `form body.${name}: ${label}`, field: { where: 'body', name }, form: true, url: url(), body: form, seen: { body: { ...parseQuery(form) }, query: seenQuery(), params } });
        }
      }
      cases.push({ ...baseCase, name: `form body.${fields[0]}: 5 MB`, form: true, url: url(), body: `${fields[0]}=${FIVE_MB}`, seen: null, forced: { status: 413, code: 'PAYLOAD_TOO_LARGE' } });
    }
  }

  for (const name of Object.keys(shapeOf(spec.query))) {
    const field = { where: 'query' as const, name };
    const others = encodePairs(Object.fromEntries(Object.entries(query).filter(([key]) => key !== name)));
    for (const [label, pair] of QUERY_VALUES) {
      const pairs = [...others, pair(name)];
      cases.push({ ...baseCase, name: `query.${name}: ${label}`, sample: SAMPLED.has(label), field, url: url(pairs), body: body && JSON.stringify(body), seen: { body, query: { ...parseQuery(pairs.join('&')) }, params } });
    }
  }

  for (const name of Object.keys(params)) {
    const field = { where: 'params' as const, name };
    for (const [label, segment] of PARAM_VALUES) {
      const decoded = decode(segment);
      cases.push({
        ...baseCase,
        name: `path.${name}: ${label}`,
        sample: SAMPLED.has(label),
        field,
        url: url(undefined, { ...params, [name]: segment }),
        body: body && JSON.stringify(body),
        seen: decoded === null ? null : { body, query: seenQuery(), params: { ...params, [name]: decoded } },
        forced: decoded === null ? { status: 400, code: 'BAD_REQUEST' } : undefined,
      });
    }
  }
  // Whole-body cases (no single field) always run.
  return cases.map((c) => (c.field ? c : { ...c, sample: true }));
}

/** The field cases sent signed out to routes that need a session. */
const SAMPLED = new Set(['a NUL byte', 'a number', 'an encoded lone surrogate']);

const MESSAGES: Record<Where, string> = { body: 'Invalid body parameters', query: 'Invalid query parameters', params: 'Invalid path parameters' };

/**
 * The answer the edge owes a case, in the order the gateway checks: body parsing, redirect
 * fields (403 Invalid {field}), the session (401), then the schemas (400 VALIDATION_ERROR).
 * `accepted`: the schemas let it through, so the route answers as it would (never a 5xx);
 * `refused`: they let through a NUL byte or a lone surrogate, which no route may take (some 4xx).
 */
function expectedOf(spec: AnyEndpoint, c: BadCase, signedIn: boolean): Expected | 'accepted' | 'refused' {
  if (c.forced) return c.forced;
  const seen = c.seen!;
  // A form is parsed by its route, after the edge's redirect check: its schema refuses what the edge would have (400).
  const body = (!c.form && typeof seen.body === 'object' && seen.body) || {};
  for (const field of REDIRECT_FIELDS) {
    for (const value of [(body as Record<string, unknown>)[field], seen.query[field]]) {
      if (value !== undefined && value !== null && value !== '') return { status: 403, code: spec.redirectErrors?.[field]?.code ?? `INVALID_${field.toUpperCase()}`, message: `Invalid ${field}` };
    }
  }
  if (spec.auth !== 'public' && !signedIn) return { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };
  const checks: [Where, z.ZodType | undefined, unknown][] = [
    ['params', spec.params, seen.params],
    ['query', spec.query, seen.query],
    ['body', spec.body, seen.body ?? {}],
  ];
  const handed: unknown[] = [];
  for (const [where, schema, value] of checks) {
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) return { status: 400, code: 'VALIDATION_ERROR', message: MESSAGES[where], field: c.field?.where === where ? c.field.name : undefined };
    handed.push(parsed.data);
  }
  // What the schemas hand the handler (unknown keys stripped) must hold no NUL or lone surrogate.
  return holdsUnstorable(handed) ? 'refused' : 'accepted';
}

/** The OpenAPI document's responses of each operation, keyed `METHOD /path` of the spec. */
type DocumentedResponses = Record<string, { examples?: Record<string, unknown> }>;
type Document = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, DocumentedResponses[string]> }> }>> };

/** Whether the route's OpenAPI operation declares this error answer (its status, and the code among that status's examples). */
function declaredIn(document: Document, spec: AnyEndpoint, status: number, code: string | undefined): boolean {
  const response = document.paths[openApiPathOf(BASE, spec.path)]?.[spec.method]?.responses[String(status)];
  return Boolean(response && code && response.content?.['application/json']?.examples?.[code]);
}

/** What is wrong with the answer to a case, or null. */
function problemOf(spec: AnyEndpoint, c: BadCase, signedIn: boolean, res: { status: number; body: unknown; text: string }, document: Document): string | null {
  const expected = expectedOf(spec, c, signedIn);
  const body = res.body as { code?: string; message?: string; issues?: { path: string }[] };
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 200)}`;
  if (res.status >= 400) {
    const problem = errorBodyProblem(res);
    if (problem) return `${res.status}: ${problem}`;
    if (!declaredIn(document, spec, res.status, body.code)) return `${res.status} ${body.code} is not declared by the route's OpenAPI operation`;
  }
  if (expected === 'accepted') return null;
  if (expected === 'refused') return res.status >= 400 ? null : `${res.status}: a NUL byte or lone surrogate was accepted (${res.text.slice(0, 120)})`;
  if (res.status !== expected.status || body.code !== expected.code) return `${res.status} ${body.code ?? res.text.slice(0, 80)} instead of ${expected.status} ${expected.code}`;
  if (expected.message && body.message !== expected.message) return `message ${JSON.stringify(body.message)} instead of ${JSON.stringify(expected.message)}`;
  if (expected.field && !(body.issues ?? []).some((issue) => issue.path === expected.field || issue.path.startsWith(`${expected.field}.`))) {
    return `the issues ${JSON.stringify(body.issues)} do not name ${expected.field}`;
  }
  return null;
}

async function send(http: ReturnType<typeof request>, c: BadCase, cookie: string | null) {
  let req = http[c.method](c.url);
  if (cookie) req = req.set('Cookie', cookie).set('Origin', ORIGIN);
  if (c.body !== undefined) req = req.set('Content-Type', c.contentType ?? (c.form ? 'application/x-www-form-urlencoded' : 'application/json')).send(c.body);
  return req;
}

describe.each([
  ['signed out', false],
  ['signed in', true],
])('hostile input, %s', (_name, signedIn) => {
  let gateway: TestGateway;
  // One listening server for the thousand requests (supertest would start one per request).
  let server: Server;
  let http: ReturnType<typeof request>;
  let cookie: string | null = null;
  let user: { id: string; name: string; email: string } | null = null;
  let users: number;
  let document: Document;
  const db = () => gateway.container.get(TOKENS.Database);

  beforeAll(async () => {
    gateway = await startGateway();
    server = gateway.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    http = request(server);
    document = (await http.get(`${BASE}/open-api/generate-schema`).expect(200)).body as Document;
    if (signedIn) ({ cookie, user } = await signUp(gateway, { name: 'Unchanged Name' }));
    users = await db().user.count();
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await gateway.close();
  });

  it('walks every route that takes input', () => {
    const paths = SPECS.map((spec) => spec.path);
    expect(paths).toEqual(expect.arrayContaining(['/sign-up/email', '/update-user', '/reset-password/:token', '/verify-email', '/get-session']));
  });

  it('sends the routes that read a form their hostile input form-encoded too (the SAML ACS)', () => {
    const acs = SPECS.find((spec) => spec.path === '/sso/saml2/sp/acs/:providerId')!;
    expect(casesOf(acs).filter((c) => c.form).map((c) => c.name)).toEqual(expect.arrayContaining(['form body.SAMLResponse: a NUL byte', 'form body.RelayState: 10,000 characters']));
  });

  it('nests every record 10,000 levels deep, one level down too (organization/update data.metadata)', () => {
    const update = SPECS.find((spec) => spec.path === '/organization/update')!;
    expect(casesOf(update).map((c) => c.name)).toEqual(expect.arrayContaining([`body.data.metadata: ${NESTING} levels of nested objects`]));
  });

  it.each(SPECS.map((spec) => [`${spec.method.toUpperCase()} ${spec.path}`, spec] as const))(
    '%s answers every hostile input with a 4xx {code, message}, never a 5xx',
    async (_route, spec) => {
      const problems: string[] = [];
      const cases = casesOf(spec).filter((c) => signedIn || spec.auth === 'public' || c.sample);
      for (const c of cases) {
        const res = await send(http, c, cookie);
        const problem = problemOf(spec, c, signedIn, res, document);
        if (problem) problems.push(`${c.name}: ${problem}`);
      }
      expect(problems).toEqual([]);
    },
  );

  if (signedIn) {
    it('answers POST /update-user {"name":"a\\u0000b"} with 400 VALIDATION_ERROR naming name', async () => {
      const res = await gateway.http.post(`${BASE}/update-user`).set('Cookie', cookie!).set('Origin', ORIGIN).set('Content-Type', 'application/json').send('{"name":"a\\u0000b"}').expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
      expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'name' })]));
    });
  }

  it('leaves the data as it was: the same users, and the signed-in user unchanged', async () => {
    expect(await db().user.count()).toBe(users);
    if (!signedIn) return;
    const res = await gateway.http.get(`${BASE}/get-session`).set('Cookie', cookie!).expect(200);
    expect(res.body?.user).toMatchObject({ id: user!.id, email: user!.email, name: 'Unchanged Name' });
  });
});
