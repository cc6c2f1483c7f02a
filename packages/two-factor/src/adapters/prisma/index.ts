export { PrismaTwoFactorRepository } from './prisma-two-factor-repository.js';
