import { PASSKEY_ERRORS, PASSKEY_SIGN_IN_ERRORS, PasskeyMail, createPasskeys, passkeySettings } from '@tend/passkeys';
import { PrismaPasskeyRepository } from '@tend/passkeys/prisma';
import { bindFactory } from '../../di.js';
import { PLATFORM as P } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { PASSKEY_CHALLENGE_COOKIE } from './cookies.js';
import {
  deletePasskey,
  generatePasskeyAuthenticateOptions,
  generatePasskeyRegisterOptions,
  listUserPasskeys,
  updatePasskey,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
} from './endpoints.js';
import { passkeysSettings } from './settings.js';
import { PASSKEYS } from './tokens.js';

/**
 * Passkeys (WebAuthn, on @simplewebauthn/server): adding them with a signed-in session, signing
 * in with one through the one sign-in pipeline, renaming and deleting them.
 */
export const passkeysModule: GatewayModule = {
  name: 'passkeys',
  settings: passkeysSettings,
  bind(c, { config }) {
    const section = settingsOf(config, passkeysSettings);
    const settings = passkeySettings({ rpID: section.rpID, rpName: section.rpName, origin: section.origin });
    bindFactory(c, PASSKEYS.Repository, [P.Database], (db) => new PrismaPasskeyRepository(db));
    bindFactory(
      c,
      PASSKEYS.UseCases,
      [PASSKEYS.Repository, P.UserRepository, P.VerificationRepository, P.SignInCompletion, P.MailDelivery, P.Clock],
      (passkeys, users, verifications, completion, delivery, clock) =>
        createPasskeys({ passkeys, users, verifications, completion, notices: new PasskeyMail(delivery, `${config.webURL}/account/security`), clock, settings }),
    );
  },
  endpoints: [generatePasskeyRegisterOptions, verifyPasskeyRegistration, generatePasskeyAuthenticateOptions, verifyPasskeyAuthentication, listUserPasskeys, updatePasskey, deletePasskey],
  errors: [PASSKEY_ERRORS, PASSKEY_SIGN_IN_ERRORS],
  auditActions: {
    'passkey.added': 'Passkey added',
    'passkey.renamed': 'Passkey renamed',
    'passkey.removed': 'Passkey removed',
  },
  // Per client: a sign-in takes one options call and one answer (`/sign-in/*` does not cover these paths).
  rateLimits: {
    '/passkey/generate-authenticate-options': { window: 10, max: 10 },
    '/passkey/verify-authentication': { window: 10, max: 5 },
  },
  cookies: [PASSKEY_CHALLENGE_COOKIE],
  // A pre-hijacker's passkeys go when the address's owner claims the unverified account.
  credentials: (c) => {
    const passkeys = c.get(PASSKEYS.Repository);
    return [{ kind: 'passkeys', revokeAllOf: (userId: string) => passkeys.deleteAllOf(userId) }];
  },
};
