export { startFakeResend, type FakeResend, type FakeResendOptions, type CapturedMail, type FakeRequest } from './fake-resend.js';
export { mailerContract, type MailerContractSubject, type DeliveredMail } from './mailer.contract.js';
export { RecordingLogger, type LogEntry } from './recording-logger.js';
