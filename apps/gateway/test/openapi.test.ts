import type { ErrorDefinition } from '@tend/kernel';
import { defaultConfig, endpointsOf, MODULES, type AnyEndpoint } from '../src/index.js';
import { BASE, baselineOf, httpEndpoints, mountedRoutes, openApiPathOf, refsOf, requiredFieldsOf, routeKey, SECRET, shapeOf, startGateway, type TestGateway, validateOpenApi } from './harness/index.js';

type Json = Record<string, unknown>;
interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { properties?: Json; required?: string[] } }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json; examples?: Record<string, { value: unknown }> }> }>;
  security?: Record<string, unknown[]>[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const SCHEMA_PATH = '/api/auth/open-api/generate-schema';
/** The identity providers' browser posts: exempt from the origin check, so never 403 INVALID_ORIGIN. */
const CROSS_SITE_POSTS = ['/callback/:id', '/sso/saml2/sp/acs/:providerId', '/oauth2/token', '/oauth2/introspect', '/oauth2/revoke', '/oauth2/userinfo'];

describe('GET /open-api/generate-schema', () => {
  let gateway: TestGateway;
  let doc: Document;
  const config = defaultConfig({ secret: SECRET });
  const specs = httpEndpoints(endpointsOf(MODULES, config));
  const operationOf = (spec: AnyEndpoint) => doc.paths[openApiPathOf(spec.base ?? BASE, spec.path)]?.[spec.method];

  beforeAll(async () => {
    gateway = await startGateway();
    const res = await gateway.http.get(SCHEMA_PATH).expect(200).expect('Content-Type', /json/);
    doc = res.body as Document;
  });
  afterAll(() => gateway.close());

  it('answers an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(specs.length).toBeGreaterThan(20);
  });

  it('documents every mounted endpoint with its method, summary and tags', () => {
    const problems: string[] = [];
    for (const spec of specs) {
      const operation = operationOf(spec);
      if (!operation) {
        problems.push(`${routeKey(spec.method, spec.path)}: missing`);
        continue;
      }
      if (operation.summary !== spec.summary) problems.push(`${spec.path}: summary ${JSON.stringify(operation.summary)}`);
      if (JSON.stringify(operation.tags) !== JSON.stringify(spec.tags) || !spec.tags.length) problems.push(`${spec.path}: tags ${JSON.stringify(operation.tags)}`);
    }
    expect(problems).toEqual([]);
  });

  it('documents every path and query parameter, path parameters as required', () => {
    const problems: string[] = [];
    for (const spec of specs) {
      const parameters = operationOf(spec)?.parameters ?? [];
      for (const [where, schema] of [
        ['path', spec.params],
        ['query', spec.query],
      ] as const) {
        const required = requiredFieldsOf(schema);
        for (const name of Object.keys(shapeOf(schema))) {
          const parameter = parameters.find((p) => p.name === name && p.in === where);
          if (!parameter) problems.push(`${spec.path}: ${where} parameter ${name} missing`);
          else if (parameter.required !== (where === 'path' || required.includes(name))) problems.push(`${spec.path}: ${where} parameter ${name} required=${parameter.required}`);
        }
      }
      if (spec.path.includes(':') && !parameters.some((p) => p.in === 'path')) problems.push(`${spec.path}: no path parameter`);
    }
    expect(problems).toEqual([]);
  });

  it('documents each request body with its fields and the required ones', () => {
    const problems: string[] = [];
    for (const spec of specs) {
      const body = operationOf(spec)?.requestBody;
      if (!spec.body) {
        if (body) problems.push(`${spec.path}: a request body it does not accept`);
        continue;
      }
      const schema = body?.content?.['application/json']?.schema;
      if (!schema) {
        problems.push(`${spec.path}: no application/json request body`);
        continue;
      }
      const fields = Object.keys(shapeOf(spec.body)).sort();
      const documented = Object.keys(schema.properties ?? {}).sort();
      if (JSON.stringify(documented) !== JSON.stringify(fields)) problems.push(`${spec.path}: fields ${documented.join(',')} instead of ${fields.join(',')}`);
      const required = requiredFieldsOf(spec.body).sort();
      if (JSON.stringify([...(schema.required ?? [])].sort()) !== JSON.stringify(required)) problems.push(`${spec.path}: required ${JSON.stringify(schema.required)} instead of ${JSON.stringify(required)}`);
    }
    expect(problems).toEqual([]);
    const signUp = doc.paths['/api/auth/sign-up/email']!.post!.requestBody!.content!['application/json']!.schema!;
    expect([...(signUp.required ?? [])].sort()).toEqual(['email', 'name', 'password']);
  });

  it('documents the success reply and every catalogued error as {code, message} referencing components.schemas.Error', () => {
    const problems: string[] = [];
    for (const spec of specs) {
      const responses = operationOf(spec)?.responses ?? {};
      // A JSON route answers 200 unless its contract names 201 or 204 (no content, no schema).
      const success = spec.response === 'redirect' ? '302' : String(spec.status ?? 200);
      if (!responses[success]) problems.push(`${spec.path}: no ${success} response`);
      if (typeof spec.response === 'object' && spec.status !== 204 && !responses[success]?.content?.['application/json']?.schema) problems.push(`${spec.path}: the ${success} reply has no JSON schema`);
      if (spec.status === 204 && responses['204']?.content) problems.push(`${spec.path}: the 204 reply documents a body`);
      if (spec.response === 'html' && !responses['200']?.content?.[spec.pageType ?? 'text/html']) problems.push(`${spec.path}: the 200 reply is not ${spec.pageType ?? 'text/html'}`);
      const expected: ErrorDefinition[] = [...(spec.errors ?? [])];
      expected.push({ status: 429, code: 'TOO_MANY_REQUESTS', message: '' }, { status: 500, code: 'INTERNAL_SERVER_ERROR', message: '' });
      if (spec.body || spec.query || spec.params) expected.push({ status: 400, code: 'VALIDATION_ERROR', message: '' });
      if (spec.auth !== 'public') expected.push({ status: 401, code: 'UNAUTHORIZED', message: '' });
      if (spec.method !== 'get' && !CROSS_SITE_POSTS.includes(spec.path)) expected.push({ status: 403, code: 'INVALID_ORIGIN', message: '' });
      for (const error of expected) {
        const response = responses[String(error.status)];
        const json = response?.content?.['application/json'];
        if (json?.schema?.$ref !== '#/components/schemas/Error') {
          problems.push(`${spec.path}: ${error.status} does not reference the Error schema`);
          continue;
        }
        const example = json.examples?.[error.code]?.value as { code?: string; message?: string } | undefined;
        if (example?.code !== error.code || typeof example.message !== 'string') problems.push(`${spec.path}: ${error.status} ${error.code} not documented`);
        else if (error.message && example.message !== error.message) problems.push(`${spec.path}: ${error.code} documented as ${JSON.stringify(example.message)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } });
  });

  it('documents the media types the SAML routes really use: the metadata as XML, the ACS and the provider callback form-encoded too', () => {
    const metadata = doc.paths['/api/auth/sso/saml2/sp/metadata']!.get!.responses!['200']!;
    expect(Object.keys(metadata.content ?? {})).toEqual(['application/samlmetadata+xml']);
    for (const path of ['/api/auth/sso/saml2/sp/acs/{providerId}', '/api/auth/callback/{id}']) {
      const content = doc.paths[path]!.post!.requestBody!.content!;
      expect(Object.keys(content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
      expect(content['application/x-www-form-urlencoded']!.schema).toEqual(content['application/json']!.schema);
    }
  });

  it('does not document 403 INVALID_ORIGIN on the identity providers\' cross-site posts and the OAuth clients\' endpoints, which never answer it', async () => {
    for (const path of CROSS_SITE_POSTS) {
      const res = await gateway.http.post(`${BASE}${path.replace(/:\w+/, 'nope')}`).set('Origin', 'https://idp.example').set('Sec-Fetch-Site', 'cross-site').type('form').send('state=x');
      expect(res.body?.code).not.toBe('INVALID_ORIGIN');
      expect(res.status).toBeLessThan(500);
      const documented = doc.paths[openApiPathOf(BASE, path)]!.post!.responses!;
      expect(documented['403']?.content?.['application/json']?.examples?.INVALID_ORIGIN).toBeUndefined();
    }
  });

  it('documents the 302 of every GET route that redirects to the callbackURL it is given (GET /reset-password/{token}?callbackURL)', async () => {
    const problems: string[] = [];
    for (const spec of specs.filter((s) => s.method === 'get' && 'callbackURL' in shapeOf(s.query))) {
      const path = `${BASE}${spec.path.replace(/:(\w+)/g, 'sample')}`;
      const res = await gateway.http.get(path).query({ ...baselineOf(spec.query), callbackURL: '/next' });
      if (res.status === 302 && !operationOf(spec)?.responses?.['302']) problems.push(`${routeKey(spec.method, spec.path)}: answers 302, documents ${Object.keys(operationOf(spec)?.responses ?? {}).join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('points every $ref at a schema the document defines', () => {
    const missing = refsOf(doc).filter((ref) => {
      const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
      return !match || !doc.components.schemas[match[1]!];
    });
    expect(missing).toEqual([]);
  });

  it('declares the sessionCookie and bearerAuth schemes and requires them on routes that need a session', () => {
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'tend.session_token' });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const problems: string[] = [];
    for (const spec of specs) {
      const schemes = (operationOf(spec)?.security ?? []).flatMap((requirement) => Object.keys(requirement));
      // Modules may add schemes (API keys); the session ones are always there, and each is declared.
      const ok = spec.auth === 'public' ? schemes.length === 0 : schemes.includes('sessionCookie') && schemes.includes('bearerAuth');
      if (!ok) problems.push(`${spec.path}: security ${schemes.join(',') || 'none'}`);
      for (const scheme of schemes) if (!doc.components.securitySchemes[scheme]) problems.push(`${spec.path}: undeclared scheme ${scheme}`);
    }
    expect(problems).toEqual([]);
    expect(operationOf(specs.find((spec) => spec.path === '/update-user')!)?.security).toBeDefined();
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const result = await validateOpenApi(doc);
    expect(result.errors).toBeNull();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('lists exactly the routes the app mounts, no more and no less', () => {
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => routeKey(method, path.replace(/\{(\w+)\}/g, ':$1')))));
    const mounted = mountedRoutes(gateway.app, BASE);
    const declared = new Set(specs.map((spec) => routeKey(spec.method, `${spec.base ?? BASE}${spec.path}`)));
    expect(mounted.size).toBeGreaterThan(20);
    expect({ mountedButUndocumented: [...mounted].filter((route) => !documented.has(route)) }).toEqual({ mountedButUndocumented: [] });
    expect({ documentedButNotMounted: [...documented].filter((route) => !mounted.has(route)) }).toEqual({ documentedButNotMounted: [] });
    expect([...declared].sort()).toEqual([...mounted].sort());
  });

  it('leaves out server-only routes and routes switched off by configuration', async () => {
    expect(doc.paths['/api/auth/set-password']).toBeUndefined();
    const off = await startGateway({ deleteUser: { enabled: false, sendDeleteAccountVerification: true } });
    try {
      const res = await off.http.get(SCHEMA_PATH).expect(200);
      const paths = Object.keys((res.body as Document).paths);
      expect(paths).not.toContain('/api/auth/delete-user');
      expect(paths).not.toContain('/api/auth/delete-user/callback');
      expect(paths).toContain('/api/auth/change-email');
      expect([...mountedRoutes(off.app, BASE)]).not.toContain('POST /api/auth/delete-user');
    } finally {
      await off.close();
    }
  });
});

describe('the API reference page', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('GET /api/reference answers 200 HTML at exactly that path, with a strict CSP, the API named in its title and a local script', async () => {
    const res = await gateway.http.get('/api/reference').redirects(0).expect(200).expect('Content-Type', /text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(csp.match(/script-src [^;]*/)![0]).not.toContain('unsafe-inline');
    expect(res.text).toMatch(/<title>Tend authentication API[^<]*<\/title>/);
    expect(res.text).toMatch(/<script src="\/api\/reference\/scalar\.js"><\/script>/);
    expect(res.text).toContain(`data-url="${SCHEMA_PATH}"`);
    expect(res.text).not.toMatch(/cdn\.jsdelivr|unpkg\.com|https?:\/\/|src="\/\//);
  });

  it('answers the same page with a trailing slash (the script path is absolute, so both work)', async () => {
    const [bare, slash] = await Promise.all([gateway.http.get('/api/reference').redirects(0), gateway.http.get('/api/reference/').redirects(0)]);
    expect(slash.status).toBe(200);
    expect(slash.text).toBe(bare.text);
  });

  it('GET /api/reference/scalar.js answers the bundle from the gateway itself', async () => {
    const res = await gateway.http.get('/api/reference/scalar.js').buffer(true).parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect((res.body as Buffer).length).toBeGreaterThan(100 * 1024);
  });

  it('answers 404 for both when the reference is switched off', async () => {
    const off = await startGateway({ apiReference: { enabled: false, path: '/api/reference' } });
    try {
      for (const path of ['/api/reference', '/api/reference/', '/api/reference/scalar.js']) {
        expect((await off.http.get(path).expect(404)).body).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
      }
    } finally {
      await off.close();
    }
  });

  it('serves at a configured path instead', async () => {
    const custom = await startGateway({ apiReference: { enabled: true, path: '/docs/api' } });
    try {
      const page = await custom.http.get('/docs/api').redirects(0).expect(200).expect('Content-Type', /html/);
      expect(page.text).toContain('<script src="/docs/api/scalar.js"></script>');
      expect(page.text).toMatch(/<title>Tend authentication API/);
      await custom.http.get('/docs/api/scalar.js').expect(200).expect('Content-Type', /javascript/);
      await custom.http.get('/api/reference').expect(404);
    } finally {
      await custom.close();
    }
  });
});
