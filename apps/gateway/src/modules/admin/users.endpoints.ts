import { routes } from '@tend/contracts';
import { ADMIN_ERRORS, actorOf } from '@tend/admin';
import { IDENTITY_ERRORS, USERNAME_ERRORS, presentUser } from '@tend/identity';
import { GENERAL_ERRORS, INVALID_QUERY_PARAMETERS } from '@tend/kernel';
import { clientInfo } from '../../http/client.js';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { adminAuth, deniedOf } from './guard.js';
import { ADMIN } from './tokens.js';

const tags = ['Admin'];
const policyErrors = [IDENTITY_ERRORS.PASSWORD_TOO_SHORT, IDENTITY_ERRORS.PASSWORD_TOO_LONG, IDENTITY_ERRORS.PASSWORD_COMPROMISED];

export const setRole = endpoint({
  ...routes.setRole,
  summary: "Set a user's role",
  description: 'One role, a comma-separated list or an array; stored comma-joined.',
  tags,
  auth: adminAuth('set-role'),
  errors: [deniedOf('set-role'), ADMIN_ERRORS.USER_NOT_FOUND, GENERAL_ERRORS.VALIDATION_ERROR],
  deps: { setRole: ADMIN.SetRole, config: PLATFORM.Config },
  async handler({ deps, body, auth, req }) {
    const { user } = await deps.setRole.execute({ actor: actorOf(auth, clientInfo(req)), userId: body.userId, role: body.role });
    return { user: presentUser(user, deps.config.userFields) };
  },
});

export const createUser = endpoint({
  ...routes.createUser,
  summary: 'Create a user with a password',
  description: 'Setting `role` also needs the set-role permission. `data` may carry the client-settable fields and emailVerified.',
  tags,
  auth: adminAuth('create-user'),
  errors: [
    deniedOf('create-user'),
    deniedOf('set-role'),
    IDENTITY_ERRORS.INVALID_EMAIL,
    ...policyErrors,
    ADMIN_ERRORS.USER_ALREADY_EXISTS,
    ADMIN_ERRORS.FAILED_TO_CREATE_USER,
    USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER,
    USERNAME_ERRORS.USERNAME_IS_TOO_SHORT,
    USERNAME_ERRORS.USERNAME_IS_TOO_LONG,
    USERNAME_ERRORS.USERNAME_IS_INVALID,
    GENERAL_ERRORS.VALIDATION_ERROR,
  ],
  deps: { createUser: ADMIN.CreateUser, config: PLATFORM.Config },
  async handler({ deps, body, auth, req }) {
    const { user } = await deps.createUser.execute({ actor: actorOf(auth, clientInfo(req)), ...body });
    return { user: presentUser(user, deps.config.userFields) };
  },
});

export const listUsers = endpoint({
  ...routes.listUsers,
  summary: 'List users: search, filter, sort and page',
  description:
    'Search email or name (contains, starts_with, ends_with); one filter on a listed column (eq, ne, lt, lte, gt, gte, contains); sort on a listed column (default createdAt, newest first); pages of at most 100, by offset or by cursor (keyset: pass the nextCursor of the previous page, with the same sort and no offset; a deep page costs what the first does). A failure of the store answers an empty page.',
  tags,
  auth: adminAuth('list-users'),
  errors: [deniedOf('list-users'), INVALID_QUERY_PARAMETERS],
  deps: { listUsers: ADMIN.ListUsers, config: PLATFORM.Config },
  async handler({ deps, query, auth, req }) {
    const page = await deps.listUsers.execute({ actor: actorOf(auth, clientInfo(req)), ...query });
    return { ...page, users: page.users.map((user) => presentUser(user, deps.config.userFields)) };
  },
});

export const getUser = endpoint({
  ...routes.getUser,
  summary: 'One user by id',
  description: 'better-auth 1.7: the user as list-users shows it (with `twoFactorEnabled`; never a secret of the second factor). 404 USER_NOT_FOUND.',
  tags,
  auth: adminAuth('get-user'),
  errors: [deniedOf('get-user'), ADMIN_ERRORS.USER_NOT_FOUND],
  deps: { getUser: ADMIN.GetUser, config: PLATFORM.Config },
  async handler({ deps, query, auth, req }) {
    return presentUser(await deps.getUser.execute({ actor: actorOf(auth, clientInfo(req)), id: query.id }), deps.config.userFields);
  },
});

export const removeUser = endpoint({
  ...routes.removeUser,
  summary: 'Delete a user with their sessions, accounts and memberships',
  tags,
  auth: adminAuth('remove-user'),
  errors: [deniedOf('remove-user'), ADMIN_ERRORS.USER_NOT_FOUND, ADMIN_ERRORS.YOU_CANNOT_REMOVE_YOURSELF],
  deps: { removeUser: ADMIN.RemoveUser },
  handler: ({ deps, body, auth, req }) => deps.removeUser.execute({ actor: actorOf(auth, clientInfo(req)), userId: body.userId }),
});

export const setUserPassword = endpoint({
  ...routes.setUserPassword,
  summary: "Set a user's password",
  description: 'Applies the password policy and signs the user out everywhere.',
  tags,
  auth: adminAuth('set-user-password'),
  errors: [deniedOf('set-user-password'), ADMIN_ERRORS.USER_NOT_FOUND, ...policyErrors],
  deps: { setUserPassword: ADMIN.SetUserPassword },
  handler: ({ deps, body, auth, req }) => deps.setUserPassword.execute({ actor: actorOf(auth, clientInfo(req)), ...body }),
});

export const banUser = endpoint({
  ...routes.banUser,
  summary: 'Ban a user and end all of their sessions',
  description: "Reason defaults to 'No reason'; `banExpiresIn` in seconds (absent: until unbanned). An expired ban is cleared at the next sign-in.",
  tags,
  auth: adminAuth('ban-user'),
  errors: [deniedOf('ban-user'), ADMIN_ERRORS.USER_NOT_FOUND, ADMIN_ERRORS.YOU_CANNOT_BAN_YOURSELF],
  deps: { banUser: ADMIN.BanUser, config: PLATFORM.Config },
  async handler({ deps, body, auth, req }) {
    const { user } = await deps.banUser.execute({ actor: actorOf(auth, clientInfo(req)), ...body });
    return { user: presentUser(user, deps.config.userFields) };
  },
});

export const unbanUser = endpoint({
  ...routes.unbanUser,
  summary: 'Lift a ban',
  tags,
  auth: adminAuth('unban-user'),
  errors: [deniedOf('unban-user'), ADMIN_ERRORS.USER_NOT_FOUND],
  deps: { unbanUser: ADMIN.UnbanUser, config: PLATFORM.Config },
  async handler({ deps, body, auth, req }) {
    const { user } = await deps.unbanUser.execute({ actor: actorOf(auth, clientInfo(req)), userId: body.userId });
    return { user: presentUser(user, deps.config.userFields) };
  },
});
