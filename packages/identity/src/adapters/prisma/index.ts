export { PrismaUserRepository } from './prisma-user-repository.js';
export { PrismaAccountRepository } from './prisma-account-repository.js';
export { PrismaVerificationRepository } from './prisma-verification-repository.js';
export { toUser, toAccount, toVerification } from './records.js';
