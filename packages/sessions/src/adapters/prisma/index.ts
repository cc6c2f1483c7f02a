export { PrismaSessionStore } from './prisma-session-store.js';
export { toSession, toSessionUser } from './records.js';
export { SqlSessionStore, SESSION_BY_TOKEN_SQL, SESSION_BY_TOKEN_STATEMENT, SESSIONS_BY_TOKENS_SQL, SESSIONS_BY_TOKENS_STATEMENT } from './sql-session-store.js';
