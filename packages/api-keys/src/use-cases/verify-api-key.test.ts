import { HOUR, MINUTE } from '@tend/kernel';
import { useCaseFixture } from '../testing/use-case-fixture.js';
import { CreateApiKey, type CreateApiKeyInput } from './create-api-key.js';
import { UpdateApiKey } from './update-api-key.js';
import { VerifyApiKey } from './verify-api-key.js';

function setup(overrides = {}) {
  const fixture = useCaseFixture(overrides);
  const create = new CreateApiKey(fixture.keys, fixture.clock, fixture.config);
  return {
    ...fixture,
    create: (input: Partial<CreateApiKeyInput> = {}) => create.execute({ userId: 'ada', rateLimitEnabled: false, ...input }),
    update: new UpdateApiKey(fixture.keys, fixture.clock, fixture.config),
    verify: new VerifyApiKey(fixture.keys, fixture.clock, fixture.config),
  };
}

const refused = (code: string, message: string) => ({ valid: false, error: expect.objectContaining({ code, message }), key: null });

describe('VerifyApiKey', () => {
  it('answers valid with the key record (no hash) and counts the use', async () => {
    const { create, verify, clock } = setup();
    const created = await create({ remaining: 2 });
    const result = await verify.execute({ key: created.key });
    expect(result).toMatchObject({ valid: true, error: null, key: { id: created.id, userId: 'ada', remaining: 1, requestCount: 1, lastRequest: clock.now() } });
    expect(result.key).not.toHaveProperty('hash');
    expect(result.key).not.toHaveProperty('key');
  });

  it('answers INVALID_API_KEY for an unknown or malformed key', async () => {
    const { create, verify } = setup();
    const created = await create();
    const forged = `${created.key.slice(0, -1)}${created.key.endsWith('a') ? 'b' : 'a'}`;
    expect(await verify.execute({ key: forged })).toEqual(refused('INVALID_API_KEY', 'Invalid API key.'));
    expect(await verify.execute({ key: 'short' })).toEqual(refused('INVALID_API_KEY', 'Invalid API key.'));
    expect(await verify.execute({ key: 42 as never })).toEqual(refused('INVALID_API_KEY', 'Invalid API key.'));
  });

  it('answers API_KEY_IS_DISABLED for a disabled key', async () => {
    const { create, update, verify } = setup();
    const created = await create();
    await update.execute({ userId: 'ada', keyId: created.id, enabled: false });
    expect(await verify.execute({ key: created.key })).toEqual(refused('API_KEY_IS_DISABLED', 'API Key is disabled'));
  });

  it('answers API_KEY_HAS_EXPIRED once expiresIn seconds have passed', async () => {
    const { create, verify, clock } = setup();
    const created = await create({ expiresIn: 60 });
    clock.advance(MINUTE - 1);
    expect(await verify.execute({ key: created.key })).toMatchObject({ valid: true });
    clock.advance(1);
    expect(await verify.execute({ key: created.key })).toEqual(refused('API_KEY_HAS_EXPIRED', 'API Key has expired'));
  });

  it('answers API_KEY_HAS_REACHED_ITS_USAGE_LIMIT when remaining is spent, until a refill', async () => {
    const { create, verify, clock } = setup();
    const created = await create({ remaining: 1, refillAmount: 1, refillInterval: HOUR });
    expect(await verify.execute({ key: created.key })).toMatchObject({ valid: true, key: { remaining: 0 } });
    expect(await verify.execute({ key: created.key })).toEqual(refused('API_KEY_HAS_REACHED_ITS_USAGE_LIMIT', 'API Key has reached its usage limit'));
    clock.advance(HOUR);
    expect(await verify.execute({ key: created.key })).toMatchObject({ valid: true, key: { remaining: 0, lastRefillAt: clock.now() } });
  });

  it('answers RATE_LIMIT_EXCEEDED with the seconds until the window ends', async () => {
    const { create, verify, clock } = setup();
    const created = await create({ rateLimitEnabled: true, rateLimitTimeWindow: MINUTE, rateLimitMax: 2 });
    clock.advance(15_000);
    await verify.execute({ key: created.key });
    await verify.execute({ key: created.key });
    expect(await verify.execute({ key: created.key })).toEqual({
      valid: false,
      error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit exceeded.', retryAfter: 45 },
      key: null,
    });
    clock.advance(45_000);
    expect(await verify.execute({ key: created.key })).toMatchObject({ valid: true, key: { requestCount: 1 } });
  });

  it('rate limits no key when rate limits are off in the configuration', async () => {
    const { create, verify } = setup({ rateLimit: { enabled: false } });
    const created = await create({ rateLimitEnabled: true, rateLimitMax: 1 });
    for (let i = 0; i < 3; i += 1) expect(await verify.execute({ key: created.key })).toMatchObject({ valid: true });
  });

  it('checks permissions: all requested actions must be granted, and a refusal spends no use', async () => {
    const { create, verify, keys } = setup();
    const created = await create({ permissions: { files: ['read', 'write'] }, remaining: 5 });
    expect(await verify.execute({ key: created.key, permissions: { files: ['read'] } })).toMatchObject({ valid: true });
    expect(await verify.execute({ key: created.key, permissions: { files: ['delete'] } })).toEqual(refused('API_KEY_NOT_FOUND', 'API Key not found'));
    expect(await verify.execute({ key: created.key, permissions: { users: ['read'] } })).toMatchObject({ valid: false });
    expect(await keys.findById(created.id)).toMatchObject({ remaining: 4 });
    const bare = await create();
    expect(await verify.execute({ key: bare.key, permissions: { files: ['read'] } })).toMatchObject({ valid: false, error: { code: 'API_KEY_NOT_FOUND' } });
  });

  it('lets exactly 5 of 20 parallel verifications through a remaining of 5', async () => {
    const { create, verify } = setup();
    const created = await create({ remaining: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => verify.execute({ key: created.key })));
    expect(results.filter((r) => r.valid)).toHaveLength(5);
    expect(results.filter((r) => r.error?.code === 'API_KEY_HAS_REACHED_ITS_USAGE_LIMIT')).toHaveLength(15);
  });
});
