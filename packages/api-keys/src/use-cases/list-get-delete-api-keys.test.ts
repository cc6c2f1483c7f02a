import { useCaseFixture } from '../testing/use-case-fixture.js';
import { CreateApiKey } from './create-api-key.js';
import { DeleteApiKey } from './delete-api-key.js';
import { GetApiKey } from './get-api-key.js';
import { ListApiKeys } from './list-api-keys.js';

function setup() {
  const fixture = useCaseFixture();
  const create = new CreateApiKey(fixture.keys, fixture.clock, fixture.config);
  return {
    ...fixture,
    create: (userId: string, name: string) => create.execute({ userId, name }),
    list: new ListApiKeys(fixture.keys),
    get: new GetApiKey(fixture.keys),
    remove: new DeleteApiKey(fixture.keys),
  };
}

const NOT_FOUND = { status: 404, code: 'API_KEY_NOT_FOUND', message: 'API Key not found' };

describe('ListApiKeys', () => {
  it("lists the user's own keys, oldest first, without the key or its hash", async () => {
    const { create, list, clock } = setup();
    const first = await create('ada', 'first');
    clock.advance(1000);
    const second = await create('ada', 'second');
    await create('bo', 'not yours');
    const listed = await list.execute({ userId: 'ada' });
    expect(listed.map((k) => k.id)).toEqual([first.id, second.id]);
    for (const key of listed) {
      expect(key).not.toHaveProperty('key');
      expect(key).not.toHaveProperty('hash');
    }
  });
});

describe('GetApiKey', () => {
  it('answers one of the user’s keys without the key or its hash', async () => {
    const { create, get } = setup();
    const created = await create('ada', 'mine');
    const found = await get.execute({ userId: 'ada', id: created.id });
    const { key: _key, ...shown } = created;
    expect(found).toEqual(shown);
    expect(found).not.toHaveProperty('hash');
  });

  it("answers 404 API_KEY_NOT_FOUND for another user's key and for an unknown id", async () => {
    const { create, get } = setup();
    const bos = await create('bo', 'bo');
    await expect(get.execute({ userId: 'ada', id: bos.id })).rejects.toMatchObject(NOT_FOUND);
    await expect(get.execute({ userId: 'ada', id: 'missing' })).rejects.toMatchObject(NOT_FOUND);
  });
});

describe('DeleteApiKey', () => {
  it('deletes the key and answers success', async () => {
    const { create, remove, keys } = setup();
    const created = await create('ada', 'gone');
    expect(await remove.execute({ userId: 'ada', keyId: created.id })).toEqual({ success: true });
    expect(await keys.findById(created.id)).toBeNull();
    await expect(remove.execute({ userId: 'ada', keyId: created.id })).rejects.toMatchObject(NOT_FOUND);
  });

  it("answers 404 API_KEY_NOT_FOUND for another user's key and leaves it", async () => {
    const { create, remove, keys } = setup();
    const bos = await create('bo', 'bo');
    await expect(remove.execute({ userId: 'ada', keyId: bos.id })).rejects.toMatchObject(NOT_FOUND);
    expect(await keys.findById(bos.id)).not.toBeNull();
  });
});
