// SSO domain verification (better-auth's `domainVerification`): the owner publishes the token in a
// DNS TXT record and asks for the check; until then the provider signs no one in.
import { routes } from '@tend/contracts';
import { GENERAL_ERRORS } from '@tend/kernel';
import { TWO_FACTOR_POLICY_ERRORS } from '@tend/organizations';
import { SSO_ERRORS } from '@tend/sso';
import { endpoint } from '../../http/endpoint.js';
import { SSO } from './tokens.js';

const tags = ['Single sign-on'];
/** A manager of the provider's organization, under its policies (require two-factor: 403 TWO_FACTOR_REQUIRED). */
const ACCESS_ERRORS = [SSO_ERRORS.SSO_PROVIDER_NOT_FOUND, SSO_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_SSO_PROVIDERS, TWO_FACTOR_POLICY_ERRORS.TWO_FACTOR_REQUIRED];

export const ssoRequestDomainVerification = endpoint({
  ...routes.ssoRequestDomainVerification,
  summary: 'Request a domain verification',
  description: [
    'The token that proves the provider’s domain, 201 `{domainVerificationToken}`: the one in force (a token lives 7 days), else a new one. Registration answers the first.',
    'Publish it as a TXT record named `_better-auth-token-{providerId}.{domain}` (the value is the token, or `_better-auth-token-{providerId}={token}`), then call POST /sso/verify-domain.',
    'Owners and admins of the provider’s organization only (the registering user for a provider without one): unknown provider 404, others 403. Already verified: 409 `DOMAIN_VERIFIED`.',
  ].join('\n\n'),
  tags,
  auth: 'session',
  errors: [...ACCESS_ERRORS, SSO_ERRORS.DOMAIN_VERIFIED, GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION],
  audit: (outcome, call) => (outcome.ok ? { action: 'sso.domain.token', actorId: call.auth?.user.id ?? null, targetUserId: call.auth?.user.id ?? null, detail: { providerId: call.body.providerId } } : null),
  deps: { domains: SSO.Domains },
  handler: ({ deps, body, auth }) => deps.domains.request(auth.user.id, body.providerId),
});

export const ssoVerifyDomain = endpoint({
  ...routes.ssoVerifyDomain,
  summary: 'Verify the provider domain ownership',
  description: [
    'Looks up the TXT record `_better-auth-token-{providerId}.{domain}` through the configured name servers (AUTH_DNS_SERVERS, else the system’s; 5 s at most) and, when it holds the provider’s token (bare or as `_better-auth-token-{providerId}={token}`), marks the domain verified: 204. From then on the provider signs people in; changing its domain makes it unverified again.',
    'No record, another value, the token under another name, or no answer from DNS: 502 `DOMAIN_VERIFICATION_FAILED`. Already verified: 409 `DOMAIN_VERIFIED`; the domain verified by another organization: 409 `DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION`; no token in force (expired): 404 `NO_PENDING_VERIFICATION` (request a new one). Owners and admins only: unknown provider 404, others 403.',
  ].join('\n\n'),
  tags,
  auth: 'session',
  errors: [...ACCESS_ERRORS, SSO_ERRORS.DOMAIN_VERIFIED, SSO_ERRORS.DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION, SSO_ERRORS.NO_PENDING_VERIFICATION, SSO_ERRORS.DOMAIN_VERIFICATION_FAILED],
  audit: (outcome, call) =>
    outcome.ok || outcome.error.code === 'DOMAIN_VERIFICATION_FAILED' || outcome.error.code === 'DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION'
      ? { action: outcome.ok ? 'sso.domain.verify' : 'sso.domain.verify-failure', actorId: call.auth?.user.id ?? null, targetUserId: call.auth?.user.id ?? null, detail: { providerId: call.body.providerId, ...(outcome.ok ? {} : { reason: outcome.error.code }) } }
      : null,
  deps: { domains: SSO.Domains },
  async handler({ deps, body, auth }) {
    await deps.domains.verify(auth.user.id, body.providerId);
    return null;
  },
});
