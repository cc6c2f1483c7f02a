export {
  RedisRateLimitStore,
  createRateLimitRedis,
  RATE_LIMIT_REDIS_OPTIONS,
  type RedisRateLimitStoreOptions,
} from './redis-rate-limit-store.js';
