export {
  ResendMailer,
  DEFAULT_RESEND_BASE_URL,
  DEFAULT_RESEND_TIMEOUT_MS,
  type ResendMailerOptions,
} from './resend-mailer.js';
