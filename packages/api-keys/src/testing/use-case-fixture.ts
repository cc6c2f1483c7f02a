import { ManualClock, createMemoryTables } from '@tend/kernel';
import { newUser, type User } from '@tend/identity';
import { MemoryUserRepository } from '@tend/identity';
import { MemoryApiKeyRepository } from '../adapters/memory/memory-api-key-repository.js';
import { apiKeyConfig, type ApiKeyConfigOverrides } from '../config.js';

/** Memory adapters, a manual clock and two users (ada, bo), for the use-case unit tests. */
export function useCaseFixture(overrides: ApiKeyConfigOverrides = {}) {
  const tables = createMemoryTables();
  const clock = new ManualClock();
  const keys = new MemoryApiKeyRepository(tables);
  const users = new MemoryUserRepository(tables);
  const config = apiKeyConfig(overrides);
  const seed = (id: string, fields: Partial<User> = {}): User => {
    const user = newUser({ id, email: `${id}@example.com`, name: id, ...fields }, clock.now());
    tables.users.set(id, user);
    return user;
  };
  const ada = seed('ada');
  const bo = seed('bo');
  return { tables, clock, keys, users, config, seed, ada, bo };
}
