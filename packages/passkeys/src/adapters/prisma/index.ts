export { PrismaPasskeyRepository } from './prisma-passkey-repository.js';
export { toPasskey, toPasskeyRow, type PasskeyRow } from './passkey-record.js';
