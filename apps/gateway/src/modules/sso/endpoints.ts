import express, { type Request, type Response } from 'express';
import * as api from '@tend/contracts';
import { routes } from '@tend/contracts';
import { GENERAL_ERRORS, randomToken, type Logger } from '@tend/kernel';
import { TWO_FACTOR_POLICY_ERRORS } from '@tend/organizations';
import { isSsoCallbackError, SSO_ERRORS, type SsoProviderView, type SsoRoutes } from '@tend/sso';
import { HtmlPage, Redirect, endpoint, type AuditEntry, type AuditOutcome } from '../../http/endpoint.js';
import { GATEWAY_ERRORS, validationError } from '../../http/gateway-errors.js';
import { PLATFORM } from '../../platform.js';
import { auditSuccess } from '../organizations/caller.js';
import { SSO_STATE_COOKIE } from './state-cookie.js';
import { SSO } from './tokens.js';

const tags = ['Single sign-on'];

/** The management routes' errors besides the session's (an organization's providers: under its policies, require two-factor). */
const MANAGE_ERRORS = [SSO_ERRORS.SSO_PROVIDER_NOT_FOUND, SSO_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_SSO_PROVIDERS, TWO_FACTOR_POLICY_ERRORS.TWO_FACTOR_REQUIRED];

function providerAudit(action: string) {
  return auditSuccess<SsoProviderView | { success: boolean }>((reply, actorId) => {
    const provider = 'providerId' in reply ? reply : null;
    return { action, actorId, targetUserId: actorId, organizationId: provider?.organizationId ?? null, detail: provider ? { providerId: provider.providerId, type: provider.type, domain: provider.domain } : null };
  });
}

export const ssoRegister = endpoint({
  ...routes.ssoRegister,
  summary: 'Register an SSO identity provider',
  description: [
    'An OIDC provider (`oidcConfig`: the discovery document, fetched now, fills the endpoints left out and must name the same issuer) or a SAML 2.0 one (`samlConfig`: the entry point and the IdP’s certificate or metadata; `issuer` is then Tend’s service-provider entity id).',
    'With `organizationId` only its owners and admins may register (403 otherwise). The client secret is stored encrypted and never answered. Duplicate providerId: 422. URLs must be https (plain http only to 127.0.0.1 outside production).',
    'The provider starts with `domainVerified: false` and signs no one in until its domain is proven: the answer carries `domainVerificationToken`, to publish as a TXT record `_better-auth-token-{providerId}.{domain}` before POST /sso/verify-domain. A domain another organization verified: 409 `DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION`.',
  ].join('\n\n'),
  tags,
  auth: 'session',
  errors: [
    SSO_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_SSO_PROVIDERS,
    TWO_FACTOR_POLICY_ERRORS.TWO_FACTOR_REQUIRED,
    SSO_ERRORS.SSO_PROVIDER_ALREADY_EXISTS,
    SSO_ERRORS.EITHER_OIDCCONFIG_OR_SAMLCONFIG_IS_REQUIRED,
    SSO_ERRORS.SAML_CERTIFICATE_OR_METADATA_IS_REQUIRED,
    SSO_ERRORS.INVALID_SAML_CONFIGURATION,
    SSO_ERRORS.SSO_DISCOVERY_FAILED,
    SSO_ERRORS.SSO_ISSUER_MISMATCH,
    SSO_ERRORS.OIDC_ENDPOINTS_ARE_REQUIRED,
    SSO_ERRORS.INSECURE_IDENTITY_PROVIDER_URL,
    SSO_ERRORS.DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION,
    GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION,
  ],
  audit: providerAudit('sso.provider.create'),
  deps: { manage: SSO.Manage },
  handler: ({ deps, body, auth }) => deps.manage.register({ ...body, userId: auth.user.id }),
});

export const ssoProviders = endpoint({
  ...routes.ssoProviders,
  summary: 'The SSO providers the caller may manage',
  description: 'Those of the organizations the caller owns or administers, and those the caller registered without an organization; oldest first.',
  tags,
  auth: 'session',
  deps: { manage: SSO.Manage },
  handler: async ({ deps, auth }) => ({ providers: await deps.manage.list(auth.user.id) }),
});

export const ssoGetProvider = endpoint({
  ...routes.ssoGetProvider,
  summary: 'One SSO provider',
  description: 'Owners and admins of its organization only: unknown 404, others 403.',
  tags,
  auth: 'session',
  errors: MANAGE_ERRORS,
  deps: { manage: SSO.Manage },
  handler: ({ deps, query, auth }) => deps.manage.get(auth.user.id, query.providerId),
});

export const ssoSignIns = endpoint({
  ...routes.ssoSignIns,
  summary: 'The sign-ins through an SSO provider',
  description: 'Successes, second steps asked for and refusals (with their `error` code), newest first, from the audit log (default 50 a page). Owners and admins of its organization only: unknown 404, others 403.',
  tags,
  auth: 'session',
  errors: MANAGE_ERRORS,
  deps: { manage: SSO.Manage },
  handler: ({ deps, query, auth }) => deps.manage.signIns(auth.user.id, query.providerId, { limit: query.limit ?? 50, offset: query.offset ?? 0 }),
});

export const ssoUpdateProvider = endpoint({
  ...routes.ssoUpdateProvider,
  summary: 'Change an SSO provider',
  description: 'Its domain and the fields of its configuration given (a new client secret is stored encrypted). Another domain makes the provider unverified again (`domainVerified: false`): it signs no one in, sign-ins under way included, until the new domain is verified. Owners and admins of its organization only: unknown 404, others 403.',
  tags,
  auth: 'session',
  errors: [...MANAGE_ERRORS, SSO_ERRORS.INSECURE_IDENTITY_PROVIDER_URL, SSO_ERRORS.INVALID_SAML_CONFIGURATION],
  audit: providerAudit('sso.provider.update'),
  deps: { manage: SSO.Manage },
  handler: ({ deps, body, auth }) => deps.manage.update({ ...body, userId: auth.user.id }),
});

export const ssoDeleteProvider = endpoint({
  ...routes.ssoDeleteProvider,
  summary: 'Remove an SSO provider',
  description: 'Owners and admins of its organization only: unknown 404, others 403. Accounts linked through it stay; their users sign in another way.',
  tags,
  auth: 'session',
  errors: MANAGE_ERRORS,
  audit: (outcome, call) =>
    outcome.ok
      ? {
          action: 'sso.provider.delete',
          actorId: call.auth?.user.id ?? null,
          targetUserId: call.auth?.user.id ?? null,
          organizationId: (outcome.result as { organizationId?: string | null }).organizationId ?? null,
          detail: { providerId: call.body.providerId },
        }
      : null,
  deps: { manage: SSO.Manage },
  async handler({ deps, body, auth }) {
    const removed = await deps.manage.delete(auth.user.id, body.providerId);
    const reply = { success: true };
    // For the audit event only: not enumerable, so never serialized.
    Object.defineProperty(reply, 'organizationId', { value: removed.organizationId, enumerable: false });
    return reply;
  },
});

export const signInSso = endpoint({
  ...routes.signInSso,
  summary: 'Sign in with an organization’s identity provider',
  description: [
    'Finds the provider by `providerId`, the `email`’s domain, `domain` or `organizationSlug` (in that order), stores a sign-in state (10 minutes, once) and answers where to send the browser, `{url, redirect: true}`.',
    'OIDC: the authorization URL with `state` (bound to this browser by the `tend.sso_state` cookie), `nonce`, `scope` with `openid` and a PKCE S256 challenge. SAML: the entry point with a deflated AuthnRequest (`SAMLRequest`) and a `RelayState` bound on the server to the request’s ID.',
    'A domain shared by several providers routes to a verified one first. Nothing to route by: 400; no provider: 404; a provider whose domain is not verified: 401 `PROVIDER_DOMAIN_HAS_NOT_BEEN_VERIFIED` (the IdP is not contacted); an untrusted callbackURL: 403 `INVALID_CALLBACK_URL`.',
  ].join('\n\n'),
  tags,
  auth: 'public',
  errors: [SSO_ERRORS.EMAIL_ORGANIZATIONSLUG_PROVIDERID_OR_DOMAIN_IS_REQUIRED, SSO_ERRORS.SSO_PROVIDER_NOT_FOUND, SSO_ERRORS.PROVIDER_DOMAIN_HAS_NOT_BEEN_VERIFIED, GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION, GATEWAY_ERRORS.INVALID_CALLBACK_URL, GATEWAY_ERRORS.INVALID_NEW_USER_CALLBACK_URL, GATEWAY_ERRORS.INVALID_ERROR_CALLBACK_URL],
  redirectErrors: { callbackURL: GATEWAY_ERRORS.INVALID_CALLBACK_URL, newUserCallbackURL: GATEWAY_ERRORS.INVALID_NEW_USER_CALLBACK_URL, errorCallbackURL: GATEWAY_ERRORS.INVALID_ERROR_CALLBACK_URL },
  audit: (outcome, call) => (outcome.ok ? null : outcome.error.code === 'VALIDATION_ERROR' ? null : { action: 'sign-in.failure', actorId: null, detail: { method: 'sso', provider: call.body?.providerId ?? null, reason: outcome.error.code } }),
  deps: { signIn: SSO.SignIn, cookies: PLATFORM.Cookies },
  async handler({ deps, body, req, res }) {
    // One binding per browser: parallel sign-ins in two tabs share it.
    const binding = deps.cookies.get(req, SSO_STATE_COOKIE) ?? randomToken(32);
    const started = await deps.signIn.start({ ...body, binding });
    deps.cookies.set(req, res, SSO_STATE_COOKIE, binding);
    return { url: started.url, redirect: true as const };
  },
});

/** A failed callback's redirect, with what the audit log needs to know. */
class FailedSsoSignIn extends Redirect {
  constructor(
    location: string,
    readonly failure: { provider: string | null; reason: string; code: string },
  ) {
    super(location);
  }
}

/** `sign-in.failure` of the browser flows (successes are the sign-in completion's). */
function callbackAudit(outcome: AuditOutcome): AuditEntry | null {
  if (!outcome.ok || !(outcome.result instanceof FailedSsoSignIn)) return null;
  const { provider, reason, code } = outcome.result.failure;
  return { action: 'sign-in.failure', actorId: null, detail: { method: 'sso', provider, reason: code, cause: reason } };
}

/** Runs a callback: every refusal becomes a redirect to the error URL with `?error=`, never JSON. */
async function finishing(deps: { routes: SsoRoutes; logger: Logger }, providerId: string, run: () => Promise<Redirect>): Promise<Redirect> {
  try {
    return await run();
  } catch (error) {
    if (isSsoCallbackError(error)) return new FailedSsoSignIn(error.redirectTo, { provider: error.providerId, reason: error.reason, code: error.code });
    deps.logger.error('sso callback failed', { provider: providerId, error: error instanceof Error ? error.name : 'unknown' });
    const url = new URL(deps.routes.errorURL);
    url.searchParams.set('error', 'please_restart_the_process');
    return new FailedSsoSignIn(url.toString(), { provider: providerId, reason: 'unexpected', code: 'please_restart_the_process' });
  }
}

export const ssoCallback = endpoint({
  ...routes.ssoCallback,
  summary: 'Where an OIDC identity provider sends the browser back',
  description: [
    'Consumes the sign-in state (once; only in the browser holding its `tend.sso_state` cookie), trades the code for tokens (PKCE), verifies the id token (issuer, audience, expiry, nonce, signature by the provider’s key set) and signs in: a new user is created (verified when the provider says `email_verified`) and joins the provider’s organization as `member`.',
    'Always a redirect: on success to callbackURL (newUserCallbackURL for a new user) with the session cookie (or to the second step’s page); on failure to errorCallbackURL, else `{base}/error`, with `?error=`: `state_not_found`, the provider’s own error (`access_denied`), `invalid_request`, `provider_not_found`, `domain_not_verified` (the provider’s domain is not verified, or changed since the sign-in started), `invalid_code`, `invalid_token`, `email_not_found`, `account_not_linked`, `unable_to_create_user`, `unable_to_create_session`, `banned`.',
  ].join('\n\n'),
  tags,
  auth: 'public',
  audit: callbackAudit,
  deps: { signIn: SSO.SignIn, cookies: PLATFORM.Cookies, signIns: PLATFORM.SignInHttp, routes: SSO.Routes, logger: PLATFORM.Logger },
  handler: ({ deps, params, query, req, res }) =>
    finishing(deps, params.providerId, async () => {
      const result = await deps.signIn.oidcCallback({
        providerId: params.providerId,
        state: query.state,
        code: query.code,
        error: query.error,
        iss: query.iss,
        binding: deps.cookies.get(req, SSO_STATE_COOKIE),
        client: deps.signIns.client(req),
      });
      return deps.signIns.redirect(req, res, result.signIn, result.redirectTo);
    }),
});

/** Parses the SAML POST binding's form on this one route (JSON bodies were parsed already). */
const formParser = express.urlencoded({ extended: false, limit: '600kb', parameterLimit: 10 });

function readForm(req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve, reject) => formParser(req, res, (error?: unknown) => (error ? reject(error) : resolve(req.body))));
}

export const ssoAcs = endpoint({
  ...routes.ssoAcs,
  summary: 'The SAML assertion consumer service (HTTP-POST binding)',
  description: [
    'The identity provider’s browser post (form-encoded `SAMLResponse` and `RelayState`, cross-site, without cookies). The RelayState is consumed once and names the AuthnRequest this must answer; samlify checks the schema, the XML signature by the registered certificate (unsigned is refused), the issuer and the time conditions; then the audience, the Destination and Recipient (this ACS), InResponseTo, and that the assertion’s ID was never used before.',
    'A signature of the Response covering its one assertion (Google Workspace’s default) or of the assertion is accepted; signature-wrapping forms (the signed assertion moved elsewhere, a second unsigned assertion) are refused.',
    'Always a redirect, as GET /sso/callback/{providerId}; SAML refusals: `invalid_saml_response`, `unsolicited_response` (no or unknown RelayState, no InResponseTo), `replayed_assertion`, `domain_not_verified`.',
  ].join('\n\n'),
  tags,
  auth: 'public',
  formBody: true,
  audit: callbackAudit,
  deps: { signIn: SSO.SignIn, signIns: PLATFORM.SignInHttp, routes: SSO.Routes, logger: PLATFORM.Logger },
  async handler({ deps, params, body, req, res }) {
    let fields = body;
    if (req.body === undefined) {
      const parsed = api.ssoAcsBody.safeParse((await readForm(req, res)) ?? {});
      if (!parsed.success) throw validationError('body', parsed.error);
      fields = parsed.data;
    }
    return finishing(deps, params.providerId, async () => {
      const result = await deps.signIn.samlResponse({ providerId: params.providerId, samlResponse: fields.SAMLResponse, relayState: fields.RelayState, client: deps.signIns.client(req) });
      return deps.signIns.redirect(req, res, result.signIn, result.redirectTo);
    });
  },
});

export const ssoSpMetadata = endpoint({
  ...routes.ssoSpMetadata,
  summary: 'The SAML service provider metadata of a provider',
  description: 'XML (`application/samlmetadata+xml`): an EntityDescriptor whose entityID is the provider’s `issuer`, with an HTTP-POST AssertionConsumerService at `{base}/sso/saml2/sp/acs/{providerId}`. Unknown (or OIDC) provider: 404.',
  tags,
  auth: 'public',
  pageType: 'application/samlmetadata+xml',
  errors: [SSO_ERRORS.SSO_PROVIDER_NOT_FOUND],
  deps: { signIn: SSO.SignIn },
  async handler({ deps, query, res }) {
    const xml = await deps.signIn.metadata(query.providerId);
    // Not HTML: written here, so the HTML writer finds the answer sent.
    res.status(200).type('application/samlmetadata+xml').send(xml);
    return new HtmlPage('', '');
  },
});
