import { singleLine } from './escape.js';
import { PRODUCT_NAME, expiryLine, renderMail, type RenderedMail } from './layout.js';

/** The mail that invites someone into an organization (spec 4, "Invitation status"). */
export function organizationInvitation(input: {
  inviterName: string;
  organizationName: string;
  /** One role or several, comma-separated, as the spec stores them. */
  role: string;
  url: string;
  expiresInDays: number;
}): RenderedMail {
  const inviter = singleLine(input.inviterName) || 'Someone';
  const organization = singleLine(input.organizationName);
  return renderMail({
    subject: `${inviter} invited you to ${organization} on ${PRODUCT_NAME}`,
    preheader: `You are invited to join ${organization}.`,
    greeting: 'Hi,',
    paragraphs: [`${inviter} invited you to join ${organization} on ${PRODUCT_NAME} with ${roleLabel(input.role)}.`],
    action: { label: 'View the invitation', url: input.url },
    expiry: expiryLine('invitation', input.expiresInDays, 'day'),
    closing: 'If you were not expecting this invitation, you can ignore this email.',
  });
}

/** "the member role", or "the admin and member roles" for a comma-separated role. */
function roleLabel(role: string): string {
  const roles = role
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (roles.length <= 1) return `the ${roles[0] ?? 'member'} role`;
  return `the ${roles.slice(0, -1).join(', ')} and ${roles.at(-1)} roles`;
}
