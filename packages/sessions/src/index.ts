// SessionIssuer (making sessions) is not exported here: see `@tend/sessions/issuer`.
export { SessionManager, type ResolveOptions, type ResolvedSession } from './session-manager.js';
export type { SessionStore, SessionWithUser } from './session-store.port.js';
export { SessionCookies, MAX_COOKIE_AGE, type CookieSettings, type SetCookie } from './cookies.js';
export { CookieCache, COOKIE_CACHE_LIMIT, DEFAULT_COOKIE_CACHE, type CookieCacheConfig, type CachedSessionCopy } from './cookie-cache.js';
export type { RevocationRegistry } from './revocation-registry.port.js';
export { DEFAULT_SESSION_CACHE_LIMITS, type SessionCache, type SessionCacheLimits } from './session-cache.port.js';
export { RevocationRecordingSessionStore } from './revocation-recording-session-store.js';
export { CachedSessionStore } from './cached-session-store.js';
export { SessionChanges, type SessionChangesParts } from './session-changes.js';
export { DEFAULT_SESSION_CONFIG, SESSION_TOKEN_LENGTH, type SessionConfig } from './config.js';
export { SESSION_ERRORS } from './error-codes.js';
export { MemorySessionStore } from './adapters/memory/memory-session-store.js';
export { MemoryRevocationRegistry, type MemoryRevocationRegistryOptions } from './adapters/memory/memory-revocation-registry.js';
export { MemorySessionCache } from './adapters/memory/memory-session-cache.js';
export type { Session, SessionUser } from './entities.js';
