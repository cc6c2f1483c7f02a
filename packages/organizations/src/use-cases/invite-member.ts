import { addSeconds, isAuthError, raise, uuid, type Clock, type Logger } from '@tend/kernel';
import { organizationInvitation, type Mailer } from '@tend/mailer';
import { DEFAULT_ORGANIZATIONS_CONFIG, type OrganizationsConfig } from '../config.js';
import type { Actor, Invitation, Organization } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { CREATOR_ROLE, hasRole } from '../permissions.js';
import type { OrganizationStores } from '../ports.js';
import { knownRole, organizationIdFor, requireGrantable, requireMembership, requirePermission } from './access.js';

export interface InviteMemberInput {
  actor: Actor;
  email: string;
  /** One role, several comma-separated, or a list. */
  role: string | readonly string[];
  /** Defaults to the active organization. */
  organizationId?: string;
  teamId?: string;
  /** Send the mail again (and extend the expiry) when the address already has a pending invitation. */
  resend?: boolean;
}

export interface InviteMemberResult {
  /** The response body: the invitation. */
  invitation: Invitation;
  /** Whether an existing pending invitation was renewed rather than a new one created. */
  renewed: boolean;
  /** Whether the mail left (a failed mail is logged and does not fail the invitation). */
  mailed: boolean;
}

/**
 * POST /organization/invite-member: by a member with invitation create permission; only an
 * owner may invite an owner, and a runtime role of the organization only a member who holds
 * all it grants. An address that is already a member, or already has a pending
 * invitation (unless `resend`), is refused. The invitation is mailed with a link to the web
 * app's invitation page, `${webBaseURL}/invitations/{id}`.
 */
export class InviteMember {
  private readonly webBaseURL: string;

  constructor(
    private readonly stores: Pick<OrganizationStores, 'organizations' | 'members' | 'invitations' | 'teams' | 'roles'>,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly clock: Clock,
    webBaseURL: string,
    private readonly config: OrganizationsConfig = DEFAULT_ORGANIZATIONS_CONFIG,
  ) {
    this.webBaseURL = webBaseURL.replace(/\/+$/, '');
  }

  async execute(input: InviteMemberInput): Promise<InviteMemberResult> {
    const { organizations, members, invitations } = this.stores;
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const inviter = await requireMembership(members, input.actor, organizationId);
    await requirePermission(this.stores.roles, inviter, { invitation: ['create'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION);
    const { role, runtime } = await knownRole(this.stores.roles, organizationId, input.role);
    if (hasRole(role, CREATOR_ROLE) && !hasRole(inviter.role, CREATOR_ROLE)) throw raise(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE);
    await requireGrantable(this.stores.roles, inviter, runtime, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE);
    const teamId = await this.teamOf(organizationId, input.teamId);
    const email = input.email.trim().toLowerCase();
    if (await members.findByEmail(organizationId, email)) throw raise(ORGANIZATION_ERRORS.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION);
    const organization = await organizations.findById(organizationId);
    if (!organization) throw raise(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);

    const now = this.clock.now();
    const expiresAt = addSeconds(now, this.config.invitationExpiresIn);
    const pending = await invitations.findPending(organizationId, email, now);
    if (pending && !input.resend) throw raise(ORGANIZATION_ERRORS.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION);
    const renewed = pending && (await invitations.renew(pending.id, { expiresAt, role, teamId }));
    let invitation: Invitation;
    if (renewed) invitation = renewed;
    else {
      const draft: Invitation = { id: uuid(), organizationId, email, role, status: 'pending', teamId, inviterId: input.actor.userId, expiresAt, createdAt: now };
      const created = await invitations.create(draft, now);
      if (!created.ok) {
        throw raise(created.reason === 'already-invited' ? ORGANIZATION_ERRORS.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION : ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
      }
      invitation = created.value;
    }
    const mailed = await this.mail(invitation, organization, inviter.user.name);
    return { invitation, renewed: Boolean(renewed), mailed };
  }

  /** The team to invite into: it must be one of the organization's (400 Team not found). */
  private async teamOf(organizationId: string, teamId: string | undefined): Promise<string | null> {
    if (!teamId) return null;
    const team = this.config.teams.enabled ? await this.stores.teams.findById(teamId) : null;
    if (!team || team.organizationId !== organizationId) throw raise(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    return team.id;
  }

  /** Sends the invitation mail; a failure is logged (purpose and code only) and answered as false. */
  private async mail(invitation: Invitation, organization: Organization, inviterName: string): Promise<boolean> {
    try {
      const rendered = organizationInvitation({
        inviterName,
        organizationName: organization.name,
        role: invitation.role,
        url: `${this.webBaseURL}/invitations/${encodeURIComponent(invitation.id)}`,
        expiresInDays: Math.max(1, Math.round(this.config.invitationExpiresIn / 86_400)),
      });
      await this.mailer.send({
        to: invitation.email,
        purpose: 'invitation',
        // A resend extends the expiry, so it is a new mail; a retry of one send is not.
        idempotencyKey: `invitation/${invitation.id}/${invitation.expiresAt.getTime()}`,
        ...rendered,
      });
      return true;
    } catch (error) {
      this.logger.error('Mail not sent', { purpose: 'invitation', error: isAuthError(error) ? error.code : 'UNEXPECTED' });
      return false;
    }
  }
}
