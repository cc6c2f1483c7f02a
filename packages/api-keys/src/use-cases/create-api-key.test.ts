import { DAY, HOUR } from '@tend/kernel';
import { hashApiKey } from '../key-material.js';
import { useCaseFixture } from '../testing/use-case-fixture.js';
import { CreateApiKey, type CreateApiKeyInput } from './create-api-key.js';

function setup(overrides = {}) {
  const fixture = useCaseFixture(overrides);
  const create = new CreateApiKey(fixture.keys, fixture.clock, fixture.config);
  return { ...fixture, create, run: (input: Partial<CreateApiKeyInput> = {}) => create.execute({ userId: 'ada', ...input }) };
}

describe('CreateApiKey', () => {
  it('shows the key once and stores only its SHA-256 (base64url)', async () => {
    const { run, keys } = setup();
    const created = await run({ name: 'ci', prefix: 'tend_' });
    expect(created.key).toMatch(/^tend_[A-Za-z0-9]{64}$/);
    expect(created).toMatchObject({ name: 'ci', prefix: 'tend_', start: created.key.slice(0, 6), userId: 'ada', enabled: true });
    expect(created).not.toHaveProperty('hash');
    const stored = await keys.findById(created.id);
    expect(stored?.hash).toBe(hashApiKey(created.key));
    expect(stored?.hash).not.toContain(created.key);
  });

  it("gives a new key better-auth's defaults: rate limited to 10 per 24 hours, unlimited uses, never expires", async () => {
    const created = await setup().run();
    expect(created).toMatchObject({
      name: null,
      prefix: null,
      rateLimitEnabled: true,
      rateLimitTimeWindow: DAY,
      rateLimitMax: 10,
      requestCount: 0,
      remaining: null,
      expiresAt: null,
      lastRequest: null,
      permissions: null,
      metadata: null,
    });
  });

  it('makes every key different', async () => {
    const { run } = setup();
    const [a, b] = [await run(), await run()];
    expect(a.key).not.toBe(b.key);
  });

  it('expires the key expiresIn seconds from now; null means never', async () => {
    const { run, clock } = setup();
    expect((await run({ expiresIn: 1 })).expiresAt).toEqual(new Date(clock.now().getTime() + 1000));
    expect((await run({ expiresIn: 3600 })).expiresAt).toEqual(new Date(clock.now().getTime() + HOUR));
    expect((await run({ expiresIn: null })).expiresAt).toBeNull();
  });

  it.each([0, -1, -3600])('answers 400 THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE for expiresIn %p', async (expiresIn) => {
    await expect(setup().run({ expiresIn })).rejects.toMatchObject({
      status: 400,
      code: 'THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE',
      message: 'The expiresIn is smaller than the predefined minimum value.',
    });
  });

  it.each([1.5, '60', Number.NaN, Number.POSITIVE_INFINITY, true])('answers 400 VALIDATION_ERROR for expiresIn %p', async (expiresIn) => {
    await expect(setup().run({ expiresIn: expiresIn as number })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
      details: { issues: [{ path: 'expiresIn', message: 'Expected a whole number of seconds' }] },
    });
  });

  it('answers 400 THE_EXPIRESIN_IS_LARGER_THAN_THE_PREDEFINED_MAXIMUM_VALUE past a configured maximum or any date', async () => {
    const code = 'THE_EXPIRESIN_IS_LARGER_THAN_THE_PREDEFINED_MAXIMUM_VALUE';
    await expect(setup({ expiresIn: { max: 3600 } }).run({ expiresIn: 3601 })).rejects.toMatchObject({ status: 400, code });
    await expect(setup().run({ expiresIn: 9e15 })).rejects.toMatchObject({ status: 400, code });
  });

  it('answers 400 for a name or prefix of the wrong length, and a prefix of other characters', async () => {
    const { run } = setup();
    await expect(run({ name: '' })).rejects.toMatchObject({ status: 400, code: 'THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL' });
    await expect(run({ name: 'n'.repeat(33) })).rejects.toMatchObject({ status: 400, code: 'THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL' });
    await expect(run({ prefix: 'p'.repeat(33) })).rejects.toMatchObject({ status: 400, code: 'THE_PREFIX_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL' });
    await expect(run({ prefix: 'bad prefix!' })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('answers 400 API_KEY_NAME_IS_REQUIRED when names are required', async () => {
    await expect(setup({ requireName: true }).run()).rejects.toMatchObject({ status: 400, code: 'API_KEY_NAME_IS_REQUIRED', message: 'API Key name is required.' });
  });

  it('uses the configured default prefix', async () => {
    expect((await setup({ defaultPrefix: 'tend_' }).run()).key).toMatch(/^tend_/);
  });

  it('sets a usage budget, defaulting to the refill amount', async () => {
    const { run } = setup();
    expect(await run({ remaining: 5 })).toMatchObject({ remaining: 5 });
    expect(await run({ refillAmount: 100, refillInterval: HOUR })).toMatchObject({ remaining: 100, refillAmount: 100, refillInterval: HOUR });
    expect(await run({ remaining: null, refillAmount: 100, refillInterval: HOUR })).toMatchObject({ remaining: null });
  });

  it('answers 400 for a negative budget or half a refill', async () => {
    const { run } = setup();
    await expect(run({ remaining: -1 })).rejects.toMatchObject({ status: 400, code: 'THE_REMAINING_COUNT_IS_EITHER_TOO_LARGE_OR_TOO_SMALL' });
    await expect(run({ refillAmount: 10 })).rejects.toMatchObject({
      status: 400,
      code: 'REFILLINTERVAL_IS_REQUIRED_WHEN_REFILLAMOUNT_IS_PROVIDED',
      message: 'refillInterval is required when refillAmount is provided',
    });
    await expect(run({ refillInterval: HOUR })).rejects.toMatchObject({ status: 400, code: 'REFILLAMOUNT_IS_REQUIRED_WHEN_REFILLINTERVAL_IS_PROVIDED' });
    await expect(run({ refillAmount: 1, refillInterval: 2 ** 31 })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('takes its own rate limit, permissions and metadata', async () => {
    const created = await setup().run({
      rateLimitEnabled: false,
      rateLimitTimeWindow: 60_000,
      rateLimitMax: 100,
      permissions: { files: ['read'] },
      metadata: { team: 'ops' },
    });
    expect(created).toMatchObject({ rateLimitEnabled: false, rateLimitTimeWindow: 60_000, rateLimitMax: 100, permissions: { files: ['read'] }, metadata: { team: 'ops' } });
  });

  it('answers 400 for metadata that is not an object, or when metadata is disabled', async () => {
    await expect(setup().run({ metadata: ['a'] })).rejects.toMatchObject({ status: 400, code: 'METADATA_MUST_BE_AN_OBJECT_OR_UNDEFINED' });
    await expect(setup({ enableMetadata: false }).run({ metadata: { a: 1 } })).rejects.toMatchObject({ status: 400, code: 'METADATA_IS_DISABLED' });
  });

  it('answers 400 VALIDATION_ERROR for permissions that are not resource -> actions, or a zero rate limit', async () => {
    const { run } = setup();
    await expect(run({ permissions: { files: 'read' } as never })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    await expect(run({ rateLimitMax: 0 })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
