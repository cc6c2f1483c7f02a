export { verificationEmail, passwordResetEmail, changeEmailConfirmation, deleteAccountConfirmation } from './account-mails.js';
export { organizationInvitation } from './invitation-mail.js';
export { escapeHtml, httpUrl } from './escape.js';
export { PRODUCT_NAME, type RenderedMail } from './layout.js';
