// Test support: fake servers for the 18 providers (reached through the URL rewrite), and a
// real OpenID provider (oidc-provider) for end-to-end OIDC flows.
export { startFakeProviders, FakeProviders, FAKE_DEFINITIONS, type FakeAuthorization, type StartFakeProvidersOptions } from './fakes/fake-providers.js';
export { FakeHttpServer, type FakeRequest, type FakeReply, type FakeHandler } from './fakes/fake-server.js';
export { FakeKeys, SigningKey } from './fakes/keys.js';
export type { FakeUser, FakeProviderDefinition, FakeRoute, FakeEnv, Grant } from './fakes/definition.js';
export { MICROSOFT_FAKE_TENANT, FAKE_PHOTO } from './fakes/definitions/microsoft.js';
export { startMicrosoftOidcProvider, type MicrosoftOidcProvider, type MicrosoftOidcProviderOptions, type OidcAccount } from './fakes/oidc-provider-fake.js';
export { createProviderHarness, TEST_AUTH_BASE_URL, TEST_SECRET, type ProviderHarness, type ProviderHarnessOptions } from './provider-harness.js';
