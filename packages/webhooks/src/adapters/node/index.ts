export { NodeWebhookSender, DnsDestinationCheck } from './node-http.js';
