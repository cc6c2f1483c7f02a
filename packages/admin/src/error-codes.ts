import { defineErrors } from '@tend/kernel';

/**
 * The admin errors of spec section 8 ("Admin messages"), with statuses. Where the spec gives
 * no status, better-auth's admin plugin does: 403 for "not allowed", 400 for refusals,
 * 500 for the impersonation bookkeeping that went missing.
 */
export const ADMIN_ERRORS = defineErrors({
  FAILED_TO_CREATE_USER: { status: 500, message: 'Failed to create user' },
  USER_ALREADY_EXISTS: { status: 422, message: 'User already exists' },
  YOU_CANNOT_BAN_YOURSELF: { status: 400, message: 'You cannot ban yourself' },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: { status: 403, message: 'You are not allowed to change users role' },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: { status: 403, message: 'You are not allowed to create users' },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: { status: 403, message: 'You are not allowed to list users' },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: { status: 403, message: 'You are not allowed to list users sessions' },
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: { status: 403, message: 'You are not allowed to ban users' },
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: { status: 403, message: 'You are not allowed to impersonate users' },
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: { status: 403, message: 'You are not allowed to revoke users sessions' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: { status: 403, message: 'You are not allowed to delete users' },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: { status: 403, message: 'You are not allowed to set users password' },
  YOU_ARE_NOT_IMPERSONATING_ANYONE: { status: 400, message: 'You are not impersonating anyone' },
  FAILED_TO_FIND_ADMIN_SESSION: { status: 500, message: 'Failed to find admin session' },
  FAILED_TO_FIND_USER: { status: 500, message: 'Failed to find user' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED: { status: 400, message: 'invalid permission check. no permission(s) were passed.' },
  // Not in the spec; better-auth's admin plugin answers these.
  YOU_CANNOT_IMPERSONATE_ADMINS: { status: 403, message: 'You cannot impersonate admins' },
  YOU_CANNOT_REMOVE_YOURSELF: { status: 400, message: 'You cannot remove yourself' },
  USER_ID_OR_ROLE_IS_REQUIRED: { status: 400, message: 'user id or role is required' },
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: { status: 403, message: 'You are not allowed to get user' },
  YOU_ARE_NOT_ALLOWED_TO_SET_A_NON_EXISTENT_ROLE_VALUE: { status: 400, message: 'You are not allowed to set a non-existent role value' },
});

export type AdminErrorCode = keyof typeof ADMIN_ERRORS;
