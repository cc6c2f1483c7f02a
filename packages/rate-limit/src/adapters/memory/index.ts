export { MemoryRateLimitStore, type MemoryRateLimitStoreOptions } from './memory-rate-limit-store.js';
