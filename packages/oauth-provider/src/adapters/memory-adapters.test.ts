import { createMemoryTables } from '@tend/kernel';
import { MemorySigningKeyStore } from './memory/memory-signing-key-store.js';
import { signingKeyStoreContract } from '../testing/signing-key-store.contract.js';

signingKeyStoreContract('memory', async () => ({ store: new MemorySigningKeyStore(createMemoryTables()), close: async () => undefined }));
