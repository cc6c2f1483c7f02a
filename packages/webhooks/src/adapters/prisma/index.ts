export { PrismaDeliveryQueue, PrismaWebhookRepository } from './prisma-webhook-store.js';
