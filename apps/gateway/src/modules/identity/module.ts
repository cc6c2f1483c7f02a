import { ClaimUnverifiedAccount, DEFAULT_USER_FIELDS, EventRecordingUsers, USER_EVENT_TYPES, IsUsernameAvailable, SignInWithPassword, SignUpWithEmail, UpdateUser, VerificationMailEvents } from '@tend/identity';
import { bindFactory } from '../../di.js';
import { PLATFORM } from '../../platform.js';
import { ACCOUNT } from '../account/tokens.js';
import type { GatewayModule } from '../module.js';
import { isUsernameAvailable, signInEmail, signInUsername, signUpEmail, updateUser } from './endpoints.js';
import { IDENTITY } from './tokens.js';

/** Sign-up, password sign-in (email and username) and the profile. */
export const identityModule: GatewayModule = {
  name: 'identity',
  bind(c, { config }) {
    const userFields = config.userFields ?? DEFAULT_USER_FIELDS;
    const { requireEmailVerification } = config;
    bindFactory(
      c,
      IDENTITY.UserEvents,
      [ACCOUNT.SendVerificationEmail],
      (send) => new VerificationMailEvents(send, { sendOnSignUp: config.emailVerification.sendOnSignUp, requireEmailVerification }),
    );
    bindFactory(
      c,
      IDENTITY.SignUpWithEmail,
      [PLATFORM.UserRepository, PLATFORM.PasswordHasher, PLATFORM.SignInCompletion, PLATFORM.Clock, PLATFORM.PasswordPolicy, IDENTITY.UserEvents, PLATFORM.PlaceholderEmails],
      (users, hasher, completion, clock, passwordPolicy, events, placeholders) =>
        new SignUpWithEmail({ users, hasher, completion, clock, events, placeholders }, { userFields, requireEmailVerification, passwordPolicy }),
    );
    bindFactory(
      c,
      IDENTITY.SignInWithPassword,
      [PLATFORM.UserRepository, PLATFORM.AccountRepository, PLATFORM.PasswordHasher, PLATFORM.SignInCompletion, IDENTITY.UserEvents],
      (users, accounts, hasher, completion, events) => new SignInWithPassword({ users, accounts, hasher, completion, events }, { requireEmailVerification }),
    );
    bindFactory(c, IDENTITY.UpdateUser, [PLATFORM.UserRepository, PLATFORM.Clock], (users, clock) => new UpdateUser({ users, clock }, { userFields }));
    bindFactory(c, IDENTITY.IsUsernameAvailable, [PLATFORM.UserRepository], (users) => new IsUsernameAvailable({ users }));
    bindFactory(
      c,
      IDENTITY.ClaimUnverifiedAccount,
      [PLATFORM.AccountRepository, PLATFORM.SessionManager, PLATFORM.RevocableCredentials, PLATFORM.AuditSink],
      (accounts, sessions, credentials, audit) =>
        new ClaimUnverifiedAccount({
          accounts,
          sessions,
          credentials,
          audit: {
            accountClaimed: ({ userId, method, provider, unlinked, revoked, ipAddress, userAgent }) =>
              audit?.record({ action: 'account.claimed', actorId: userId, targetUserId: userId, detail: { method, provider, unlinked, revoked }, ipAddress, userAgent }),
          },
        }),
    );
  },
  endpoints: [signUpEmail, signInEmail, signInUsername, updateUser, isUsernameAvailable],
  events: USER_EVENT_TYPES,
  // Every write of a user (sign-up's first session: the sign-in completion) records its event with it.
  eventWrites: (c, events) => c.onActivation(PLATFORM.UserRepository, (_, users) => new EventRecordingUsers(users, events)),
  auditActions: {
    'sign-in.success': 'Signed in',
    'sign-in.failure': 'Sign-in failed',
    'sign-in.challenge': 'Asked for a second step',
    'account.claimed': 'Account claimed by the email owner',
  },
};
