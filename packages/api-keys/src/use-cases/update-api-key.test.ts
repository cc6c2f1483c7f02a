import { HOUR } from '@tend/kernel';
import { useCaseFixture } from '../testing/use-case-fixture.js';
import { CreateApiKey } from './create-api-key.js';
import { UpdateApiKey, type UpdateApiKeyInput } from './update-api-key.js';

async function setup() {
  const fixture = useCaseFixture();
  const created = await new CreateApiKey(fixture.keys, fixture.clock, fixture.config).execute({ userId: 'ada', name: 'old', expiresIn: 60 });
  const update = new UpdateApiKey(fixture.keys, fixture.clock, fixture.config);
  const run = (input: Partial<UpdateApiKeyInput>) => update.execute({ userId: 'ada', keyId: created.id, ...input });
  return { ...fixture, created, run };
}

describe('UpdateApiKey', () => {
  it('changes the given fields, stamps updatedAt and never shows the key or its hash', async () => {
    const { run, clock, created } = await setup();
    clock.advance(1000);
    const updated = await run({ name: 'new', enabled: false, remaining: 3, metadata: { a: 1 }, permissions: { files: ['read'] } });
    expect(updated).toMatchObject({ name: 'new', enabled: false, remaining: 3, metadata: { a: 1 }, permissions: { files: ['read'] }, updatedAt: clock.now() });
    expect(updated).toMatchObject({ createdAt: created.createdAt, expiresAt: created.expiresAt });
    expect(updated).not.toHaveProperty('hash');
    expect(updated).not.toHaveProperty('key');
  });

  it('moves the expiry expiresIn seconds from now, or removes it with null', async () => {
    const { run, clock } = await setup();
    clock.advance(5000);
    expect((await run({ expiresIn: 10 })).expiresAt).toEqual(new Date(clock.now().getTime() + 10_000));
    expect((await run({ expiresIn: null })).expiresAt).toBeNull();
  });

  it('sets and clears the refill and rate limit', async () => {
    const { run } = await setup();
    expect(await run({ refillAmount: 5, refillInterval: HOUR, rateLimitMax: 3, rateLimitTimeWindow: 1000, rateLimitEnabled: false })).toMatchObject({
      refillAmount: 5,
      refillInterval: HOUR,
      rateLimitMax: 3,
      rateLimitTimeWindow: 1000,
      rateLimitEnabled: false,
    });
    expect(await run({ refillAmount: null, refillInterval: null, remaining: null })).toMatchObject({ refillAmount: null, refillInterval: null, remaining: null });
  });

  it("answers 404 API_KEY_NOT_FOUND for another user's key, before looking at the values", async () => {
    const { run } = await setup();
    await expect(run({ userId: 'bo', name: 'mine now' })).rejects.toMatchObject({ status: 404, code: 'API_KEY_NOT_FOUND', message: 'API Key not found' });
    await expect(run({ userId: 'bo' })).rejects.toMatchObject({ status: 404, code: 'API_KEY_NOT_FOUND' });
    await expect(run({ keyId: 'missing', name: 'x' })).rejects.toMatchObject({ status: 404, code: 'API_KEY_NOT_FOUND' });
  });

  it('answers 400 NO_VALUES_TO_UPDATE when nothing is given', async () => {
    const { run } = await setup();
    await expect(run({})).rejects.toMatchObject({ status: 400, code: 'NO_VALUES_TO_UPDATE', message: 'No values to update.' });
  });

  it('answers 400 for an expiresIn below 1 or not whole, and changes nothing', async () => {
    const { run, keys, created } = await setup();
    await expect(run({ expiresIn: 0 })).rejects.toMatchObject({ status: 400, code: 'THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE' });
    await expect(run({ expiresIn: -5, name: 'x' })).rejects.toMatchObject({ status: 400, code: 'THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE' });
    await expect(run({ expiresIn: 2.5 })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await keys.findById(created.id)).toMatchObject({ name: 'old', expiresAt: created.expiresAt });
  });

  it('answers 400 for a bad name, budget, half a refill, metadata or rate limit', async () => {
    const { run } = await setup();
    await expect(run({ name: '' })).rejects.toMatchObject({ status: 400, code: 'THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL' });
    await expect(run({ remaining: -1 })).rejects.toMatchObject({ status: 400, code: 'THE_REMAINING_COUNT_IS_EITHER_TOO_LARGE_OR_TOO_SMALL' });
    await expect(run({ refillAmount: 5 })).rejects.toMatchObject({ status: 400, code: 'REFILLINTERVAL_IS_REQUIRED_WHEN_REFILLAMOUNT_IS_PROVIDED' });
    await expect(run({ refillInterval: 5, refillAmount: null })).rejects.toMatchObject({ status: 400, code: 'REFILLAMOUNT_IS_REQUIRED_WHEN_REFILLINTERVAL_IS_PROVIDED' });
    await expect(run({ metadata: 'text' })).rejects.toMatchObject({ status: 400, code: 'METADATA_MUST_BE_AN_OBJECT_OR_UNDEFINED' });
    await expect(run({ rateLimitTimeWindow: 0 })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    await expect(run({ enabled: 'no' as never })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
