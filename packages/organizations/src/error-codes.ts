import { defineErrors } from '@tend/kernel';

/**
 * The organization errors: spec section 8 ("Organization messages") first, then the few of
 * better-auth's organization plugin the spec's rules need (its clients know them).
 */
export const ORGANIZATION_ERRORS = defineErrors({
  // spec section 8
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: { status: 403, message: 'You are not allowed to create a new organization' },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: { status: 403, message: 'You have reached the maximum number of organizations' },
  ORGANIZATION_ALREADY_EXISTS: { status: 400, message: 'Organization already exists' },
  INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED: { status: 400, message: 'invalid permission check. no permission(s) were passed.' },
  ORGANIZATION_NOT_FOUND: { status: 400, message: 'Organization not found' },
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: { status: 403, message: 'User is not a member of the organization' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: { status: 403, message: 'You are not allowed to update this organization' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: { status: 403, message: 'You are not allowed to delete this organization' },
  NO_ACTIVE_ORGANIZATION: { status: 400, message: 'No active organization' },
  MEMBER_NOT_FOUND: { status: 400, message: 'Member not found' },
  TEAM_NOT_FOUND: { status: 400, message: 'Team not found' },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: { status: 400, message: 'You cannot leave the organization as the only owner' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: { status: 403, message: 'You are not allowed to delete this member' },
  INVITATION_NOT_FOUND: { status: 400, message: 'Invitation not found' },
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: { status: 403, message: 'You are not the recipient of the invitation' },
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: { status: 403, message: 'You are not allowed to cancel this invitation' },
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: { status: 400, message: 'Inviter is no longer a member of the organization' },
  FAILED_TO_RETRIEVE_INVITATION: { status: 400, message: 'Failed to retrieve invitation' },
  UNABLE_TO_REMOVE_LAST_TEAM: { status: 400, message: 'Unable to remove last team' },
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: { status: 403, message: 'Organization membership limit reached' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION: { status: 403, message: 'You are not allowed to delete teams in this organization' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM: { status: 403, message: 'You are not allowed to update this team' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: { status: 403, message: 'You are not allowed to delete this team' },
  SLUG_IS_TAKEN: { status: 400, message: 'slug is taken' },
  NOT_AUTHENTICATED: { status: 401, message: 'Not authenticated' },
  ORGANIZATION_ID_IS_REQUIRED: { status: 400, message: 'Organization ID is required' },
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: { status: 403, message: 'You are not a member of this organization' },
  USER_NOT_FOUND: { status: 401, message: 'User not found' },
  // better-auth's organization plugin, where the spec names the rule but not its message
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: { status: 400, message: 'User is already a member of this organization' },
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: { status: 400, message: 'User is already invited to this organization' },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: { status: 403, message: 'You are not allowed to invite users to this organization' },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE: { status: 403, message: 'You are not allowed to invite a user with this role' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: { status: 403, message: 'You are not allowed to update this member' },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: { status: 400, message: 'You cannot leave the organization without an owner' },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION: { status: 403, message: 'You are not allowed to create teams in this organization' },
  ROLE_NOT_FOUND: { status: 400, message: 'Role not found' },
});

/**
 * The runtime roles' errors (issue 32): better-auth's dynamic access control codes and its
 * words, which are not always the code spelled out ("That role name is already taken").
 */
export const ROLE_ERRORS = defineErrors({
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE: { status: 403, message: 'You are not allowed to create a role' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE: { status: 403, message: 'You are not allowed to update a role' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE: { status: 403, message: 'You are not allowed to delete a role' },
  YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE: { status: 403, message: 'You are not allowed to list a role' },
  INVALID_RESOURCE: { status: 400, message: 'The provided permission includes an invalid resource' },
  ROLE_NAME_IS_ALREADY_TAKEN: { status: 400, message: 'That role name is already taken' },
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: { status: 400, message: 'Cannot delete a pre-defined role' },
  ROLE_IS_ASSIGNED_TO_MEMBERS: { status: 400, message: 'Cannot delete a role that is assigned to members. Please reassign the members to a different role first' },
});

/**
 * Require two-factor (issue 32): the policy's refusals. Their codes are short names, not their
 * words spelled out.
 */
export const TWO_FACTOR_POLICY_ERRORS = defineErrors({
  TWO_FACTOR_REQUIRED: { status: 403, message: 'This organization requires two-factor authentication' },
  ENABLE_TWO_FACTOR_FIRST: { status: 400, message: 'Turn on two-factor authentication for your own account first' },
});

/** POST /organization/reject-invitation words its not-found with an exclamation mark (same code). */
export const REJECT_INVITATION_ERRORS = defineErrors({
  INVITATION_NOT_FOUND: { status: 400, message: 'Invitation not found!' },
});
