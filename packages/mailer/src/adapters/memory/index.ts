export { DevOutboxMailer, DEFAULT_OUTBOX_CAPACITY, type DevOutboxMailerOptions, type OutboxMail } from './dev-outbox-mailer.js';
