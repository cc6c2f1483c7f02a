export { webhookStoreContract, type WebhookStoreHarness } from './webhook-store.contract.js';
