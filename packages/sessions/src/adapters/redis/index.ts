export { RedisRevocationRegistry, type RedisRevocationRegistryOptions } from './redis-revocation-registry.js';
export { RedisSessionCache, type RedisSessionCacheOptions } from './redis-session-cache.js';
export { RedisCircuit, type RedisCircuitOptions } from './redis-circuit.js';
export type { SessionRedis } from './redis-client.js';
