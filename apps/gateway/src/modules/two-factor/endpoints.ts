// Managing the second factor with a session: turning it on (the first code is verify-totp's, in
// challenge.endpoints.ts), the URI again, new backup codes, turning it off.
import { routes } from '@tend/contracts';
import { IDENTITY_ERRORS, type User } from '@tend/identity';
import { SESSION_ERRORS } from '@tend/sessions';
import { TWO_FACTOR_ERRORS } from '@tend/two-factor';
import { endpoint, type AuditEntry } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { TWO_FACTOR } from './tokens.js';

const tags = ['Two-factor'];
const PASSWORD_ERRORS = [IDENTITY_ERRORS.INVALID_PASSWORD, SESSION_ERRORS.UNAUTHORIZED];

/** The audit event of a session route of this module, on success only. */
const onSuccess =
  (action: string) =>
  (outcome: { ok: boolean }, { auth }: { auth: { user: User } | null }): AuditEntry | null =>
    outcome.ok && auth ? { action, actorId: auth.user.id, targetUserId: auth.user.id } : null;

export const enableTwoFactor = endpoint({
  ...routes.twoFactorEnable,
  summary: 'Start enrolling an authenticator app',
  description:
    'Checks the password and answers a new TOTP URI (6 digits, 30 s, SHA1; `issuer` overrides AUTH_TWO_FACTOR_ISSUER) and 10 backup codes. Two-factor turns on with the first valid code sent to /two-factor/verify-totp; calling again before that starts over.',
  tags,
  auth: 'session',
  errors: [...PASSWORD_ERRORS, TWO_FACTOR_ERRORS.TOTP_ALREADY_ENABLED],
  deps: { enable: TWO_FACTOR.Enable },
  handler: ({ deps, body, auth }) => deps.enable.execute({ user: auth.user, password: body.password, issuer: body.issuer }),
});

export const getTotpURI = endpoint({
  ...routes.twoFactorGetTotpURI,
  summary: 'The TOTP URI again',
  description: 'Checks the password; 400 TWO_FACTOR_NOT_ENABLED without an enrolment.',
  tags,
  auth: 'session',
  errors: [...PASSWORD_ERRORS, TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED],
  deps: { twoFactor: TWO_FACTOR.Service },
  async handler({ deps, body, auth }) {
    const { totpURI } = await deps.twoFactor.totpURI({ user: auth.user, password: body.password });
    return { totpURI };
  },
});

export const disableTwoFactor = endpoint({
  ...routes.twoFactorDisable,
  summary: 'Turn two-factor off',
  description: 'Checks the password; removes the enrolment, the backup codes and every trusted device, and mails a notice.',
  tags,
  auth: 'session',
  errors: [...PASSWORD_ERRORS, TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED],
  audit: onSuccess('two-factor.disabled'),
  deps: { twoFactor: TWO_FACTOR.Service, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const user = await deps.twoFactor.disable({ user: auth.user, password: body.password });
    deps.http.refreshCache(req, res, { session: auth.session, user });
    return { status: true };
  },
});

export const generateBackupCodes = endpoint({
  ...routes.twoFactorGenerateBackupCodes,
  summary: 'New backup codes',
  description: 'Checks the password; 10 new codes, the old ones stop working. 400 TWO_FACTOR_NOT_ENABLED while off.',
  tags,
  auth: 'session',
  errors: [...PASSWORD_ERRORS, TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED],
  audit: onSuccess('two-factor.backup-codes-regenerated'),
  deps: { twoFactor: TWO_FACTOR.Service },
  async handler({ deps, body, auth }) {
    return { status: true, backupCodes: await deps.twoFactor.regenerateBackupCodes({ user: auth.user, password: body.password }) };
  },
});
