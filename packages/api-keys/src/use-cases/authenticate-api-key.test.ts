import { MINUTE, type AuthError } from '@tend/kernel';
import { useCaseFixture } from '../testing/use-case-fixture.js';
import { AuthenticateApiKey, apiKeyFromHeaders } from './authenticate-api-key.js';
import { CreateApiKey, type CreateApiKeyInput } from './create-api-key.js';
import { UpdateApiKey } from './update-api-key.js';

function setup() {
  const fixture = useCaseFixture();
  const create = new CreateApiKey(fixture.keys, fixture.clock, fixture.config);
  return {
    ...fixture,
    create: (input: Partial<CreateApiKeyInput> = {}) => create.execute({ userId: 'ada', ...input }),
    update: new UpdateApiKey(fixture.keys, fixture.clock, fixture.config),
    authenticate: new AuthenticateApiKey(fixture.keys, fixture.users, fixture.clock, fixture.config),
  };
}

describe('AuthenticateApiKey', () => {
  it("answers the key's owner and the key, and records the use", async () => {
    const { create, authenticate, keys, clock } = setup();
    const created = await create({ remaining: 10 });
    clock.advance(MINUTE);
    const { user, apiKey } = await authenticate.execute({ key: created.key });
    expect(user).toMatchObject({ id: 'ada', email: 'ada@example.com' });
    expect(apiKey).toMatchObject({ id: created.id, remaining: 9 });
    expect(apiKey).not.toHaveProperty('hash');
    expect(await keys.findById(created.id)).toMatchObject({ lastRequest: clock.now(), requestCount: 1 });
  });

  it('answers 401 INVALID_API_KEY for a key nobody has', async () => {
    await expect(setup().authenticate.execute({ key: 'x'.repeat(64) })).rejects.toMatchObject({ status: 401, code: 'INVALID_API_KEY', message: 'Invalid API key.' });
  });

  it('answers 401 API_KEY_IS_DISABLED and 401 API_KEY_HAS_EXPIRED', async () => {
    const { create, update, authenticate, clock } = setup();
    const disabled = await create();
    await update.execute({ userId: 'ada', keyId: disabled.id, enabled: false });
    await expect(authenticate.execute({ key: disabled.key })).rejects.toMatchObject({ status: 401, code: 'API_KEY_IS_DISABLED' });
    const expiring = await create({ expiresIn: 1 });
    clock.advance(1000);
    await expect(authenticate.execute({ key: expiring.key })).rejects.toMatchObject({ status: 401, code: 'API_KEY_HAS_EXPIRED' });
  });

  it('answers 429 API_KEY_HAS_REACHED_ITS_USAGE_LIMIT when the budget is spent', async () => {
    const { create, authenticate } = setup();
    const created = await create({ remaining: 1 });
    await authenticate.execute({ key: created.key });
    await expect(authenticate.execute({ key: created.key })).rejects.toMatchObject({ status: 429, code: 'API_KEY_HAS_REACHED_ITS_USAGE_LIMIT' });
  });

  it('answers 429 RATE_LIMIT_EXCEEDED with Retry-After after 10 requests in a day by default', async () => {
    const { create, authenticate } = setup();
    const created = await create();
    for (let i = 0; i < 10; i += 1) await authenticate.execute({ key: created.key });
    const error = (await authenticate.execute({ key: created.key }).catch((e: unknown) => e)) as AuthError & { headers(): Record<string, string> };
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit exceeded.', details: { retryAfter: 86_400 } });
    expect(error.headers()).toMatchObject({ 'Retry-After': '86400' });
  });

  it('answers 403 BANNED_USER for a banned owner', async () => {
    const { create, authenticate, seed } = setup();
    seed('cy', { banned: true, banReason: 'spam' });
    const created = await create({ userId: 'cy' });
    await expect(authenticate.execute({ key: created.key })).rejects.toMatchObject({ status: 403, code: 'BANNED_USER' });
  });
});

describe('apiKeyFromHeaders', () => {
  it('reads x-api-key first, then apikey', () => {
    const headers = (values: Record<string, string>) => (name: string) => values[name];
    expect(apiKeyFromHeaders(headers({ 'x-api-key': 'a', apikey: 'b' }))).toBe('a');
    expect(apiKeyFromHeaders(headers({ apikey: 'b' }))).toBe('b');
    expect(apiKeyFromHeaders(headers({}))).toBeNull();
  });
});
