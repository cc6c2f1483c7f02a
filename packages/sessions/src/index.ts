export { SessionManager, type CreateSessionInput, type ResolveOptions, type ResolvedSession } from './session-manager.js';
export type { SessionStore, SessionWithUser } from './session-store.port.js';
export { SessionCookies, MAX_COOKIE_AGE, type CookieSettings, type SetCookie } from './cookies.js';
export { CookieCache, COOKIE_CACHE_LIMIT, DEFAULT_COOKIE_CACHE, type CookieCacheConfig } from './cookie-cache.js';
export { DEFAULT_SESSION_CONFIG, SESSION_TOKEN_LENGTH, type SessionConfig } from './config.js';
export { SESSION_ERRORS } from './error-codes.js';
export { MemorySessionStore } from './adapters/memory/memory-session-store.js';
export type { Session } from '@tend/kernel';
