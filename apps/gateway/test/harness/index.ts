// The gateway test harness: one entry point for every HTTP test (`import ... from './harness/index.js'`).
export { BASE, ORIGIN, SECRET, testConfig } from './config.js';
export { CookieJar, cookiesOf, setCookieNamed, setCookies } from './cookies.js';
export { BANNED, codeTo, freshEmail, magicLinkTo, requestCode, requestLink, sessionOf, setsSession, tokenOf } from './email-sign-in.js';
export { expectError, errorBodyProblem } from './errors.js';
export { startGateway, type StartOptions, type TestGateway } from './gateway.js';
export { connectTestRedis, deleteKeys, startInstances, testRedisUrl, uniqueKeyPrefix, type Instances, type InstancesOptions, type RedisClient } from './instances.js';
export { MAIL_FROM, linkOf, paramOf, pathOf, purposeOf, type MailTestGateway } from './mail.js';
export { addMember, createOrganization, invite, organizationConfig, type Organization, type OrganizationSettings } from './organizations.js';
export { SSO_STATE_COOKIE, markSsoDomainVerifiedWithoutDns, postToAcs, returnToCallback, ssoDnsConfig, ssoErrorOf, startSso, verifySsoDomain } from './sso.js';
export { ERROR_PAGE, SESSION_COOKIE, STATE_COOKIE, callbackQuery, errorOf, providerConfig, returnFrom, signInWith, start } from './providers.js';
export { adminGet, adminPost, auditLog, get, getSession, pollsUntilSignedOut, post, type AuditRow } from './requests.js';
export { baselineOf, httpEndpoints, isRequired, mountedRoutes, openApiPathOf, refsOf, requiredFieldsOf, routeKey, shapeOf, validateOpenApi } from './specs.js';
export { ADMIN_PASSWORD, Client, credentials, makeAdmin, newUser, signInAdmin, signUp, signUpVerified } from './users.js';
export { CHALLENGE_COOKIE, PASSKEY_ORIGIN, PASSKEY_RP_ID, addPasskey, authenticateOptions, authenticator, registerOptions, signInWithPasskey, verifyAuthentication } from './passkeys.js';
export { SCIM_BASE, SCIM_ERROR_URN, SCIM_USER_URN, organizationWithProvider, scim, scimErrorBody, scimTokenFor, scimUserBody } from './scim.js';
export { PROBE_COOKIE, probeModule, probePolicy } from './probe.js';
export { TWO_FACTOR_COOKIE, outboxOf, turnOnTwoFactor, type Enrolment } from './two-factor.js';
export { ISSUER, REDIRECT_URI, authorizationCode, authorizeLocation, authorizeParams, clientPost, consentTo, createOAuthClient, pkce, tokenRequest, type OAuthClientCreated } from './oauth.js';
