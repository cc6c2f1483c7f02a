export { describeRateLimitStoreContract, type RateLimitStoreHarness } from './rate-limit-store.contract.js';
export { FlakyRateLimitStore } from './flaky-rate-limit-store.js';
export { RecordingLogger, type LogLine } from './recording-logger.js';
