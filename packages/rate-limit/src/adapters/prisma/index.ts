export { PrismaRateLimitStore } from './prisma-rate-limit-store.js';
