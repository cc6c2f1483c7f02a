// Single sign-on for organizations (issue 24): OIDC and SAML 2.0 identity providers per
// organization (/sso/register, /sso/providers, /sso/get-provider, /sso/update-provider,
// /sso/delete-provider), their domains proven by DNS (/sso/request-domain-verification,
// /sso/verify-domain; issue 29), sign-in by work email (/sign-in/sso), the OIDC callback, the SAML
// ACS and the service provider's metadata.
import { z } from 'zod';
import { success } from './auth.js';
import { LIMITS, emailInput, httpURL, idInput, line, queryInteger, redirectURL, text, tokenInput } from './primitives.js';
import { route } from './route.js';

const EMAIL = z.email();

/** A provider's public name in URLs: letters, digits, `-` and `_`. */
export const ssoProviderId = () =>
  text({ min: 1, max: 64 }).regex(/^[A-Za-z0-9_-]+$/, 'must hold only letters, digits, - and _');

/** A work email domain (`example.com`), any case. */
export const ssoDomain = () =>
  text({ min: 1, max: 253 }).regex(/^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/, 'must be a domain name');

const mapping = z.object({
  id: line(100).optional(),
  email: line(100).optional(),
  emailVerified: line(100).optional(),
  name: line(100).optional(),
  image: line(100).optional(),
  firstName: line(100).optional(),
  lastName: line(100).optional(),
});

const tokenEndpointAuthentication = z.enum(['client_secret_basic', 'client_secret_post']);
const scopes = () => z.array(text({ min: 1, max: 100 }).regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'must be a scope token')).max(20);
/** A PEM certificate (multi-line). */
const pem = () => text({ min: 1, max: 16_384, multiline: true });

export const oidcConfigInput = z.object({
  clientId: text({ min: 1, max: 512 }),
  clientSecret: text({ min: 1, max: 1024 }),
  pkce: z.boolean().optional(),
  discoveryEndpoint: httpURL().optional(),
  authorizationEndpoint: httpURL().optional(),
  tokenEndpoint: httpURL().optional(),
  jwksEndpoint: httpURL().optional(),
  userInfoEndpoint: httpURL().optional(),
  scopes: scopes().optional(),
  mapping: mapping.optional(),
  tokenEndpointAuthentication: tokenEndpointAuthentication.optional(),
});

export const samlConfigInput = z.object({
  entryPoint: httpURL(),
  cert: pem().optional(),
  callbackUrl: redirectURL().optional(),
  audience: text({ min: 1, max: LIMITS.url }).optional(),
  wantAssertionsSigned: z.boolean().optional(),
  idpMetadata: z.object({ entityID: text({ min: 1, max: LIMITS.url }).optional(), metadata: text({ min: 1, max: 100_000, multiline: true }).optional() }).optional(),
  mapping: mapping.optional(),
});

export const ssoRegisterBody = z.object({
  providerId: ssoProviderId(),
  /** OIDC: the identity provider's issuer; SAML: Tend's service-provider entity id. */
  issuer: text({ min: 1, max: LIMITS.url }),
  domain: ssoDomain(),
  organizationId: idInput().optional(),
  oidcConfig: oidcConfigInput.optional(),
  samlConfig: samlConfigInput.optional(),
});

/** A provider as answered: never the client secret. */
export const ssoProvider = z.object({
  providerId: z.string(),
  type: z.enum(['oidc', 'saml']),
  issuer: z.string(),
  domain: z.string(),
  /** Whether the owner proved the domain (DNS TXT record); an unverified provider signs no one in. */
  domainVerified: z.boolean(),
  organizationId: z.string().nullable(),
  userId: z.string(),
  redirectURI: z.string(),
  oidcConfig: z
    .object({
      clientId: z.string(),
      pkce: z.boolean(),
      discoveryEndpoint: z.string().nullable(),
      authorizationEndpoint: z.string(),
      tokenEndpoint: z.string(),
      jwksEndpoint: z.string(),
      userInfoEndpoint: z.string().nullable(),
      scopes: z.array(z.string()),
      mapping: mapping.nullable(),
      tokenEndpointAuthentication,
    })
    .strict()
    .nullable(),
  samlConfig: z
    .object({
      entryPoint: z.string(),
      cert: z.string().nullable(),
      idpEntityId: z.string(),
      audience: z.string(),
      wantAssertionsSigned: z.boolean(),
      callbackUrl: z.string().nullable(),
      mapping: mapping.nullable(),
      acsURL: z.string(),
      spMetadataURL: z.string(),
    })
    .nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});

/** A registered provider, with the token its owner publishes to verify the domain. */
export const ssoRegisterResponse = ssoProvider.extend({ domainVerificationToken: z.string() });

export const ssoProvidersResponse = z.object({ providers: z.array(ssoProvider) });
export const ssoProviderQuery = z.object({ providerId: ssoProviderId() });

export const ssoUpdateProviderBody = z.object({
  providerId: ssoProviderId(),
  domain: ssoDomain().optional(),
  oidcConfig: oidcConfigInput.omit({ discoveryEndpoint: true }).partial().optional(),
  samlConfig: samlConfigInput.omit({ idpMetadata: true, callbackUrl: true }).partial().optional(),
});

export const ssoDeleteProviderBody = z.object({ providerId: ssoProviderId() });

/** `/sso/request-domain-verification` and `/sso/verify-domain`. */
export const ssoDomainVerificationBody = z.object({ providerId: ssoProviderId() });
export const ssoDomainVerificationTokenResponse = z.object({ domainVerificationToken: z.string() });

export const ssoSignInsQuery = z.object({
  providerId: ssoProviderId(),
  limit: queryInteger(1, 100).optional(),
  offset: queryInteger(0, 1_000_000).optional(),
});

/** A provider's sign-ins, newest first, from the audit log. */
export const ssoSignInsResponse = z.object({
  signIns: z.array(
    z.object({
      outcome: z.enum(['success', 'failure', 'challenge']),
      user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
      reason: z.string().nullable(),
      ipAddress: z.string().nullable(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
  total: z.number().int(),
});

// ------------------------------------------------------------------ sign-in

export const signInSsoBody = z.object({
  email: emailInput()
    .refine((value) => EMAIL.safeParse(value.trim().toLowerCase()).success, 'must be an email address')
    .optional(),
  organizationSlug: text({ min: 1, max: 100 }).optional(),
  providerId: ssoProviderId().optional(),
  domain: ssoDomain().optional(),
  callbackURL: redirectURL().min(1, 'must not be empty'),
  errorCallbackURL: redirectURL().optional(),
  newUserCallbackURL: redirectURL().optional(),
  loginHint: line(LIMITS.email).optional(),
});

export const signInSsoResponse = z.object({ url: z.string(), redirect: z.literal(true) });

export const ssoCallbackParams = z.object({ providerId: ssoProviderId() });

/** The OIDC authorization response; other parameters are ignored. */
export const ssoCallbackQuery = z.object({
  state: tokenInput(256).optional(),
  code: tokenInput(LIMITS.token).optional(),
  error: line(256).optional(),
  error_description: text({ max: LIMITS.longText, multiline: true }).optional(),
  iss: line(LIMITS.url).optional(),
});

/** The SAML POST binding's form fields (form-encoded; JSON is read too). */
export const ssoAcsBody = z.object({
  SAMLResponse: text({ min: 1, max: 512_000, multiline: true }).optional(),
  RelayState: tokenInput(256).optional(),
});

// ------------------------------------------------------------------ routes

export const ssoRoutes = {
  ssoRegister: route({ method: 'post', path: '/sso/register', body: ssoRegisterBody, response: ssoRegisterResponse }),
  ssoProviders: route({ method: 'get', path: '/sso/providers', response: ssoProvidersResponse }),
  ssoGetProvider: route({ method: 'get', path: '/sso/get-provider', query: ssoProviderQuery, response: ssoProvider }),
  ssoUpdateProvider: route({ method: 'post', path: '/sso/update-provider', body: ssoUpdateProviderBody, response: ssoProvider }),
  ssoSignIns: route({ method: 'get', path: '/sso/sign-ins', query: ssoSignInsQuery, response: ssoSignInsResponse }),
  ssoDeleteProvider: route({ method: 'post', path: '/sso/delete-provider', body: ssoDeleteProviderBody, response: success }),
  ssoRequestDomainVerification: route({ method: 'post', path: '/sso/request-domain-verification', body: ssoDomainVerificationBody, response: ssoDomainVerificationTokenResponse, status: 201 }),
  /** 204: no body. */
  ssoVerifyDomain: route({ method: 'post', path: '/sso/verify-domain', body: ssoDomainVerificationBody, response: z.null(), status: 204 }),
  signInSso: route({ method: 'post', path: '/sign-in/sso', body: signInSsoBody, response: signInSsoResponse }),
  ssoCallback: route({ method: 'get', path: '/sso/callback/:providerId', params: ssoCallbackParams, query: ssoCallbackQuery, response: 'redirect' }),
  ssoAcs: route({ method: 'post', path: '/sso/saml2/sp/acs/:providerId', params: ssoCallbackParams, body: ssoAcsBody, response: 'redirect' }),
  /** XML (`application/samlmetadata+xml`), not HTML. */
  ssoSpMetadata: route({ method: 'get', path: '/sso/saml2/sp/metadata', query: ssoProviderQuery, response: 'html' }),
};
