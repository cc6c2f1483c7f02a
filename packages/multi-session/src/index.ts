export { MULTI_SESSION_ERRORS } from './error-codes.js';
export { DEFAULT_MAX_DEVICE_SESSIONS, onePerAccount, sessionsToDrop, type HeldSession } from './device-sessions.js';
export { KNOWN_ACCOUNTS_PER_DEVICE, KnownDevices } from './known-devices.js';
export { describeUserAgent, deviceLine, type DeviceDescription } from './user-agent.js';
export { NEW_DEVICE_MAIL_PURPOSE, mailTime, newDeviceSignInEmail, type NewDeviceSignIn } from './new-device-mail.js';
export { ACTIVITY_ACTIONS, ACTIVITY_PAGE, ListAccountActivity, auditLogActivity, type ActivityEvent, type ActivityLog, type ActivityPage } from './account-activity.js';
