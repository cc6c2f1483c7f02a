export { PrismaSessionStore } from './prisma-session-store.js';
