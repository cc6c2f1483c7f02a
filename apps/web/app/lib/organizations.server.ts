// The organization types of the contract (JSON: dates arrive as ISO strings) and the organization
// error codes in plain words. Pages call the routes with call(api, routes.x, input).
import type * as schemas from '@tend/contracts';
import type { Output } from '@tend/contracts';
import { describeError, type ErrorLike, type FieldRole, type FormErrors } from './errors';

/** The organization, as the gateway's contract describes it. */
export type Organization = Output<typeof schemas.organization>;
export type Member = Output<typeof schemas.member>;
export type MemberWithUser = Output<typeof schemas.memberWithUser>;
/** A member as list-members answers it (owners and admins also get `user.twoFactorEnabled`). */
export type ListedMember = Output<typeof schemas.listedMember>;
export type Invitation = Output<typeof schemas.invitation>;
export type Team = Output<typeof schemas.team>;
export type FullOrganization = Output<typeof schemas.fullOrganization>;
/** An invitation addressed to the signed-in person (list-user-invitations). */
export type UserInvitation = Output<typeof schemas.listUserInvitationsResponse>[number];
/** One invitation for its recipient (get-invitation). */
export type InvitationDetails = Output<typeof schemas.invitationDetails>;

/** Whether an invitation still waits for an answer. */
export function isPending(invitation: Pick<Invitation, 'status' | 'expiresAt'>, now = Date.now()): boolean {
  return invitation.status === 'pending' && Date.parse(invitation.expiresAt) > now;
}

/** The roles of this module's form fields, next to those of errors.ts. */
type OrganizationField = FieldRole | 'slug' | 'role' | 'teamName';

interface Entry {
  field?: OrganizationField;
  message: string;
  /** Read as this code by the shared helpers (e.g. "sign in again"). */
  as?: string;
}

const onlyManagers = 'Only owners and admins can do that.';
const notMember = "You're not a member of this organization, so it can't be opened here.";
const goneInvitation = "This invitation isn't open any more. It may have expired, been cancelled, or been answered already.";

/** The organization codes of the gateway, in plain words. */
const catalogue: Record<string, Entry> = {
  SLUG_IS_TAKEN: { field: 'slug', message: 'That slug is taken. Please try another.' },
  ORGANIZATION_ALREADY_EXISTS: { field: 'slug', message: 'That slug is taken. Please try another.' },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: { message: "Creating organizations isn't available for your account." },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: { message: "You've reached the number of organizations you can belong to. Leave one to create another." },
  ORGANIZATION_NOT_FOUND: { message: "We couldn't find that organization. It may have been deleted." },
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: { message: notMember },
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: { message: notMember },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: { message: 'Only owners and admins can change the name and slug.' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: { message: 'Only an owner can delete this organization.' },
  NO_ACTIVE_ORGANIZATION: { message: 'Please choose an organization first.' },
  ORGANIZATION_ID_IS_REQUIRED: { message: 'Please choose an organization first.' },
  MEMBER_NOT_FOUND: { message: "That person isn't a member any more. The list below is up to date." },
  TEAM_NOT_FOUND: { message: "We couldn't find that team. It may have been removed." },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: {
    message: "You're the only owner, so you can't leave yet. Make someone else an owner first, or delete the organization.",
  },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: { message: 'An organization needs at least one owner. Make someone else an owner first.' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: { message: 'Only an owner can remove an owner.' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: { message: "Only an owner can make someone an owner or change an owner's role." },
  INVITATION_NOT_FOUND: { message: goneInvitation },
  FAILED_TO_RETRIEVE_INVITATION: { message: goneInvitation },
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: {
    message: 'This invitation was sent to a different email address. Sign in with that address to answer it.',
  },
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: { message: 'Only owners and admins can cancel invitations.' },
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: {
    message: "The person who invited you has left the organization, so this invitation can't be used. Please ask for a new one.",
  },
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: { message: 'This organization has reached its number of members.' },
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: { field: 'email', message: 'This person is already a member.' },
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: {
    field: 'email',
    message: 'This person already has an invitation waiting. Cancel it below to send a new one.',
  },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: { message: 'Only owners and admins can invite people.' },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE: { field: 'role', message: 'Only an owner can invite another owner.' },
  ROLE_NOT_FOUND: { field: 'role', message: "Please choose one of the organization's roles." },
  ROLE_NAME_IS_ALREADY_TAKEN: { field: 'name', message: 'That name is taken: the organization has a role by that name (owner, admin and member are built in). Please choose another.' },
  INVALID_RESOURCE: { message: 'A permission names something roles cannot grant. Please choose from the checkboxes.' },
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: { message: "Owner, admin and member are built in, so they can't be deleted." },
  ROLE_IS_ASSIGNED_TO_MEMBERS: { message: "Members still have this role, so it can't be deleted. Give them another role on the Members page first." },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE: { message: "Your role doesn't let you create roles, or grant a permission you don't have yourself." },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE: { message: "Your role doesn't let you change roles, or grant a permission you don't have yourself." },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE: { message: "Your role doesn't let you delete roles." },
  YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE: { message: "Your role doesn't let you see the organization's roles." },
  TWO_FACTOR_REQUIRED: { message: 'This organization requires two-factor authentication. Turn it on for your account on your Security page first.' },
  ENABLE_TWO_FACTOR_FIRST: { message: 'Turn on two-factor authentication for your own account first, on your Security page. Then you can require it of everyone.' },
  YOU_ARE_NOT_ALLOWED_TO_MANAGE_SCIM_PROVISIONING: { message: 'Only owners and admins can set up directory provisioning.' },
  SCIM_PROVIDER_NOT_FOUND: { message: "We couldn't find that identity provider. It may have been removed." },
  UNABLE_TO_REMOVE_LAST_TEAM: { message: 'An organization keeps at least one team, so its last team stays.' },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION: { message: onlyManagers },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM: { message: onlyManagers },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION: { message: onlyManagers },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: { message: "You can't remove the team you belong to." },
  NOT_AUTHENTICATED: { message: 'Your session has ended. Please sign in again.', as: 'UNAUTHORIZED' },
};

/**
 * The form errors for a gateway error on an organization page: the organization codes here,
 * every other code as errors.ts words it. `fields` maps roles to this form's input names.
 */
export function describeOrganizationError(error: ErrorLike, fields: Partial<Record<OrganizationField, string>> = {}): FormErrors {
  const entry = catalogue[error.code];
  if (!entry) return describeError(error, fields as Partial<Record<FieldRole, string>>);
  const code = entry.as ?? error.code;
  const input = entry.field ? fields[entry.field] : undefined;
  if (input) return { fields: { [input]: entry.message }, code };
  return { form: entry.message, fields: {}, code };
}

/** Just the sentence, for places that show one message (a loader's error, a slug check). */
export function organizationErrorMessage(error: ErrorLike): string {
  const described = describeOrganizationError(error);
  return described.form ?? Object.values(described.fields)[0] ?? 'Something went wrong. Please try again.';
}
