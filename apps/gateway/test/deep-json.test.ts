// JSON nested deeper (or wider) than JSON_LIMITS answers 400 VALIDATION_ERROR where it enters the
// gateway, for every route, and every stored record (metadata) keeps to the same depth.
import { JSON_LIMITS } from '@tend/contracts';
import { BASE, createOrganization, newUser, organizationConfig, ORIGIN, startGateway, type Client, type TestGateway } from './harness/index.js';

/** `depth` levels of objects around 1: `{"x":{"x":…1…}}`. */
const nested = (depth: number) => `${'{"x":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('deeply nested JSON', () => {
  let gateway: TestGateway;
  let owner: Client;
  let organization: { id: string };
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig());
    owner = await newUser(gateway, 'Owner');
    organization = await createOrganization(owner, 'Deep Org', { metadata: { plan: 'free' } });
  });
  afterAll(() => gateway.close());

  const raw = (path: string, body: string) => gateway.http.post(`${BASE}${path}`).set('Cookie', owner.cookie).set('Origin', ORIGIN).set('Content-Type', 'application/json').send(body);

  it('answers POST /organization/update with data.metadata nested 10,000 levels with 400 VALIDATION_ERROR naming data.metadata, and changes nothing', async () => {
    const res = await raw('/organization/update', `{"organizationId":"${organization.id}","data":{"metadata":${nested(10_000)}}}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    expect(res.body.issues).toEqual([{ path: expect.stringMatching(/^data\.metadata\.x/), message: `must be at most ${JSON_LIMITS.depth} levels deep` }]);
    const full = await owner.get('/organization/get-full-organization', { organizationId: organization.id });
    expect(full.body.metadata).toEqual({ plan: 'free' });
  });

  it(`takes metadata up to the depth limit (${JSON_LIMITS.depth} levels in all) and refuses one level more`, async () => {
    // The body is level 1, data 2, metadata 3: metadata's own levels are 30 at most.
    const fits = await raw('/organization/update', `{"organizationId":"${organization.id}","data":{"metadata":${nested(JSON_LIMITS.depth - 2)}}}`);
    expect(fits.status).toBe(200);
    const over = await raw('/organization/update', `{"organizationId":"${organization.id}","data":{"metadata":${nested(JSON_LIMITS.depth - 1)}}}`);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a record deeper than the limit on its own (the shared primitive), whatever the body around it', async () => {
    const { jsonRecord } = await import('@tend/contracts');
    expect(jsonRecord().safeParse(JSON.parse(nested(JSON_LIMITS.depth + 1))).success).toBe(false);
    expect(jsonRecord().safeParse(JSON.parse(nested(JSON_LIMITS.depth))).success).toBe(true);
  });

  it(`answers metadata with more than ${JSON_LIMITS.recordValues} values with 400 VALIDATION_ERROR naming it`, async () => {
    const metadata = Object.fromEntries(Array.from({ length: JSON_LIMITS.recordValues + 1 }, (_, i) => [`k${i}`, i]));
    const res = await owner.post('/organization/update', { organizationId: organization.id, data: { metadata } });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'data.metadata' })]));
  });

  it(`answers a body with more than ${JSON_LIMITS.bodyKeys} keys with 400 VALIDATION_ERROR, before the session is read`, async () => {
    const keys = Object.fromEntries(Array.from({ length: JSON_LIMITS.bodyKeys + 1 }, (_, i) => [i.toString(36), 0]));
    const res = await gateway.http.post(`${BASE}/sign-up/email`).set('Content-Type', 'application/json').send(JSON.stringify(keys));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters', issues: [{ path: '', message: `must hold at most ${JSON_LIMITS.bodyKeys} keys` }] });
  });

  it('answers 10,000 nested arrays on any route with 400, signed out too', async () => {
    const res = await gateway.http.post(`${BASE}/organization/update`).set('Content-Type', 'application/json').send(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
  });
});
