export { PrismaSessionStore } from './prisma-session-store.js';
export { SqlSessionStore, SESSION_BY_TOKEN_SQL, SESSION_BY_TOKEN_STATEMENT } from './sql-session-store.js';
