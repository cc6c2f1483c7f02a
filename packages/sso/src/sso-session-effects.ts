import type { SessionEffect, SessionEffectHandler } from '@tend/identity';
import type { JoinOrganization } from '@tend/organizations';
import type { SsoProvider } from './entities.js';
import type { SsoNotices, SsoProviderRepository } from './ports.js';

/** The role a user gets in the provider's organization on first SSO sign-in. */
export const SSO_MEMBER_ROLE = 'member';
/** Just-in-time membership of the provider's organization. */
export const SSO_MEMBERSHIP_EFFECT = 'sso.membership';
/** The "a provider was linked to your account" mail. */
export const SSO_LINKED_EFFECT = 'sso.linked';

/** What an SSO sign-in asks to happen once it is a session: membership of the provider's organization, and the mail of a link it made. */
export function ssoSessionEffects(provider: Pick<SsoProvider, 'providerId' | 'organizationId'>, linked: boolean): SessionEffect[] {
  const effects: SessionEffect[] = [];
  if (provider.organizationId) effects.push({ name: SSO_MEMBERSHIP_EFFECT, data: { organizationId: provider.organizationId, providerId: provider.providerId } });
  if (linked) effects.push({ name: SSO_LINKED_EFFECT, data: { providerId: provider.providerId } });
  return effects;
}

export interface SsoSessionEffectsDeps {
  /** The organizations package's join: its membership limit, one membership per user, its events. */
  join: Pick<JoinOrganization, 'execute'>;
  providers: Pick<SsoProviderRepository, 'findByProviderId'>;
  notices?: SsoNotices;
}

/**
 * The handlers of SSO's session effects, registered with the sign-in completion: they run only
 * when an SSO sign-in becomes a session (at once, or once its second factor is answered), never
 * for one refused or left unanswered. A full organization (its membership limit) leaves the
 * sign-in standing without the membership; the organizations package records the refusal.
 */
export function ssoSessionEffectHandlers(deps: SsoSessionEffectsDeps): SessionEffectHandler[] {
  return [
    {
      name: SSO_MEMBERSHIP_EFFECT,
      run: async (data, signIn) => {
        await deps.join.execute({ organizationId: String(data.organizationId), userId: signIn.user.id, role: SSO_MEMBER_ROLE, via: 'sso', detail: { provider: String(data.providerId) } });
      },
    },
    {
      name: SSO_LINKED_EFFECT,
      run: async (data, signIn) => {
        // A provider removed meanwhile links nothing any more: nothing to tell.
        const provider = await deps.providers.findByProviderId(String(data.providerId));
        if (provider) deps.notices?.linked(signIn.user, provider);
      },
    },
  ];
}
