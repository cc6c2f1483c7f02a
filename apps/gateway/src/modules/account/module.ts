// The account lifecycle: email verification, password reset and change, change of email, deletion.
import {
  ChangeEmail,
  ChangePassword,
  ConfirmDeleteUser,
  DeleteUser,
  EmailVerificationTokens,
  RequestPasswordReset,
  ResetPassword,
  SendVerificationEmail,
  SetPassword,
  VerifyEmail,
  VerifyResetPasswordToken,
  VERIFY_EMAIL_ERRORS,
} from '@tend/identity';
import { bindFactory } from '../../di.js';
import { PLATFORM } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { changeEmail, deleteUser, deleteUserCallback } from './account.endpoints.js';
import { changePassword, forgetPassword, requestPasswordReset, resetPassword, resetPasswordLink, setPassword } from './password.endpoints.js';
import { sendVerificationEmail, verifyEmail } from './verification.endpoints.js';
import { ACCOUNT } from './tokens.js';

export const accountModule: GatewayModule = {
  name: 'account',
  bind(c, { config }) {
    const P = PLATFORM;
    bindFactory(c, ACCOUNT.EmailVerificationTokens, [P.Clock], (clock) => new EmailVerificationTokens(config.secret, clock));
    bindFactory(
      c,
      ACCOUNT.SendVerificationEmail,
      [P.UserRepository, ACCOUNT.EmailVerificationTokens, P.AccountLinks, P.MailDelivery],
      (users, tokens, links, delivery) => new SendVerificationEmail({ users, tokens, links, delivery }),
    );
    bindFactory(
      c,
      ACCOUNT.VerifyEmail,
      [P.UserRepository, ACCOUNT.EmailVerificationTokens, P.SignInCompletion, ACCOUNT.SendVerificationEmail, P.Clock, P.PlaceholderEmails],
      (users, tokens, completion, sendVerification, clock, placeholders) =>
        new VerifyEmail({ users, tokens, completion, sendVerification, clock, placeholders }, { autoSignInAfterVerification: config.emailVerification.autoSignInAfterVerification }),
    );
    bindFactory(
      c,
      ACCOUNT.RequestPasswordReset,
      [P.UserRepository, P.VerificationRepository, P.AccountLinks, P.MailDelivery, P.Clock],
      (users, verifications, links, delivery, clock) => new RequestPasswordReset({ users, verifications, links, delivery, clock }),
    );
    bindFactory(c, ACCOUNT.VerifyResetPasswordToken, [P.VerificationRepository, P.Clock], (verifications, clock) => new VerifyResetPasswordToken({ verifications, clock }));
    bindFactory(
      c,
      ACCOUNT.ResetPassword,
      [P.UserRepository, P.AccountRepository, P.VerificationRepository, P.PasswordHasher, P.SessionManager, P.Clock, P.PasswordPolicy],
      (users, accounts, verifications, hasher, sessions, clock, policy) => new ResetPassword({ users, accounts, verifications, hasher, sessions, clock }, policy),
    );
    bindFactory(
      c,
      ACCOUNT.ChangePassword,
      [P.AccountRepository, P.PasswordHasher, P.SignInCompletion, P.SessionManager, P.Clock, P.PasswordPolicy],
      (accounts, hasher, completion, sessions, clock, policy) => new ChangePassword({ accounts, hasher, completion, sessions, clock }, policy),
    );
    bindFactory(
      c,
      ACCOUNT.SetPassword,
      [P.AccountRepository, P.PasswordHasher, P.Clock, P.PasswordPolicy],
      (accounts, hasher, clock, policy) => new SetPassword({ accounts, hasher, clock }, policy),
    );
    bindFactory(
      c,
      ACCOUNT.ChangeEmail,
      [P.UserRepository, ACCOUNT.EmailVerificationTokens, P.AccountLinks, P.MailDelivery, ACCOUNT.SendVerificationEmail, P.Clock, P.PlaceholderEmails],
      (users, tokens, links, delivery, sendVerification, clock, placeholders) =>
        new ChangeEmail({ users, tokens, links, delivery, sendVerification, clock, placeholders }, { enabled: config.changeEmail.enabled }),
    );
    bindFactory(c, ACCOUNT.ConfirmDeleteUser, [P.UserRepository, P.VerificationRepository, P.Clock], (users, verifications, clock) => new ConfirmDeleteUser({ users, verifications, clock }));
    bindFactory(
      c,
      ACCOUNT.DeleteUser,
      [P.UserRepository, P.AccountRepository, P.VerificationRepository, P.PasswordHasher, P.SessionManager, ACCOUNT.ConfirmDeleteUser, P.AccountLinks, P.MailDelivery, P.Clock, P.PlaceholderEmails],
      (users, accounts, verifications, hasher, sessions, confirm, links, delivery, clock, placeholders) =>
        new DeleteUser(
          { users, accounts, verifications, hasher, sessions, confirm, links, delivery, clock, placeholders },
          { sendDeleteAccountVerification: config.deleteUser.sendDeleteAccountVerification },
        ),
    );
  },
  endpoints: [
    sendVerificationEmail,
    verifyEmail,
    requestPasswordReset,
    forgetPassword,
    resetPasswordLink,
    resetPassword,
    changePassword,
    setPassword,
    changeEmail,
    deleteUser,
    deleteUserCallback,
  ],
  errors: [VERIFY_EMAIL_ERRORS],
  auditActions: {
    'password.change': 'Changed their password',
    'password.reset': 'Reset their password',
    'email.change': 'Changed their email',
    'account.delete': 'Deleted their account',
  },
};
