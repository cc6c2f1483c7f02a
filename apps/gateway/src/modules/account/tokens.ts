import type {
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
} from '@tend/identity';
import { token } from '../../di.js';

export const ACCOUNT = {
  EmailVerificationTokens: token<EmailVerificationTokens>('EmailVerificationTokens'),
  SendVerificationEmail: token<SendVerificationEmail>('SendVerificationEmail'),
  VerifyEmail: token<VerifyEmail>('VerifyEmail'),
  RequestPasswordReset: token<RequestPasswordReset>('RequestPasswordReset'),
  VerifyResetPasswordToken: token<VerifyResetPasswordToken>('VerifyResetPasswordToken'),
  ResetPassword: token<ResetPassword>('ResetPassword'),
  ChangePassword: token<ChangePassword>('ChangePassword'),
  /** Server only: no HTTP route calls it. */
  SetPassword: token<SetPassword>('SetPassword'),
  ChangeEmail: token<ChangeEmail>('ChangeEmail'),
  DeleteUser: token<DeleteUser>('DeleteUser'),
  ConfirmDeleteUser: token<ConfirmDeleteUser>('ConfirmDeleteUser'),
} as const;
