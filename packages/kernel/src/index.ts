export { AuthError, codeOf, raise, raiseFrom, isAuthError, hasCode, defineErrors, type ErrorDefinition, type ErrorStatus, type ErrorCatalogue, type CodesOf } from './errors.js';
export { GENERAL_ERRORS, INVALID_QUERY_PARAMETERS } from './error-codes.js';
export { systemClock, ManualClock, addSeconds, SECOND, MINUTE, HOUR, DAY, type Clock } from './clock.js';
export { uuid, type IdGenerator } from './ids.js';
export {
  randomToken,
  randomLowercaseToken,
  constantTimeEqual,
  hmacSha256,
  sha256Hex,
  signValue,
  unsignValue,
} from './crypto.js';
export { createMemoryTables, type MemoryTables, type MemoryTableRows } from './memory-tables.js';
export type { Logger } from './logger.js';
export { silentLogger, consoleLogger } from './logger.js';
export { SecretCipher } from './secret-cipher.js';
export { noEvents, noTransactions, type DomainEvent, type EventRecorder, type Transactions } from './events.js';
