import { isAuthError } from '@tend/kernel';
import { isAllowedRedirectUri, validateClientMetadata, type ClientMetadataContext, type ClientMetadataInput } from './client-metadata.js';

const scopesSupported = ['openid', 'profile', 'email', 'offline_access', 'bookings:read'];
const owner: ClientMetadataContext = { registrar: 'owner', scopesSupported };
const dynamic: ClientMetadataContext = { registrar: 'dynamic', scopesSupported };
const admin: ClientMetadataContext = { registrar: 'admin', scopesSupported };

function failure(input: ClientMetadataInput, context: ClientMetadataContext): string | undefined {
  try {
    validateClientMetadata(input, context);
  } catch (error) {
    if (isAuthError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe('redirect URIs', () => {
  it.each([
    ['https://app.example/callback', false, true],
    ['https://app.example/callback?x=1', false, true],
    ['https://app.example/callback#frag', false, false],
    ['https://user:pw@app.example/callback', false, false],
    ['http://app.example/callback', false, false],
    ['http://app.example/callback', true, false],
    ['http://127.0.0.1:53682/callback', true, true],
    ['http://127.0.0.1:53682/callback', false, false],
    ['http://[::1]/callback', true, true],
    ['http://localhost:3000/cb', true, true],
    ['http://localhost.evil.example/cb', true, false],
    ['http://127.0.0.1.evil.example/cb', true, false],
    ['javascript:alert(1)', true, false],
    ['com.example.app:/callback', true, false],
    ['/relative/callback', true, false],
    ['not a url', true, false],
  ])('%s (public or native: %s) → allowed %s', (uri, publicOrNative, allowed) => {
    expect(isAllowedRedirectUri(uri, { publicOrNative })).toBe(allowed);
  });
});

describe('validateClientMetadata', () => {
  it('applies the defaults: client_secret_basic, authorization_code, code, web', () => {
    expect(validateClientMetadata({ redirect_uris: ['https://app.example/cb'], client_name: 'Clinic' }, owner)).toEqual({
      redirectUris: ['https://app.example/cb'],
      tokenEndpointAuthMethod: 'client_secret_basic',
      grantTypes: ['authorization_code'],
      responseTypes: ['code'],
      type: 'web',
      name: 'Clinic',
      uri: null,
      logoUri: null,
      scopes: null,
      clientCredentialsScopes: [],
      postLogoutRedirectUris: [],
      enableEndSession: false,
    });
  });

  it('lets a public client register a loopback http redirect, not a confidential web client', () => {
    const loopback = { redirect_uris: ['http://127.0.0.1:8123/cb'] };
    const registered = validateClientMetadata({ ...loopback, token_endpoint_auth_method: 'none' }, dynamic);
    expect(registered.tokenEndpointAuthMethod).toBe('none');
    expect(registered.type).toBe('native');
    expect(failure(loopback, dynamic)).toBe('INVALID_REDIRECT_URI');
    expect(validateClientMetadata({ ...loopback, type: 'native' }, owner).redirectUris).toEqual(loopback.redirect_uris);
  });

  it('refuses an http redirect on a public host as INVALID_REDIRECT_URI', () => {
    expect(failure({ redirect_uris: ['http://clinic.example/cb'], token_endpoint_auth_method: 'none' }, dynamic)).toBe('INVALID_REDIRECT_URI');
    expect(failure({ redirect_uris: ['https://ok.example/cb', 'http://clinic.example/cb'] }, owner)).toBe('INVALID_REDIRECT_URI');
  });

  it('needs a redirect URI for the authorization code grant', () => {
    expect(failure({}, owner)).toBe('INVALID_REDIRECT_URI');
    expect(failure({ redirect_uris: [] }, owner)).toBe('INVALID_REDIRECT_URI');
  });

  it.each<[string, ClientMetadataInput]>([
    ['an unknown auth method', { token_endpoint_auth_method: 'private_key_jwt' }],
    ['an unknown grant', { grant_types: ['authorization_code', 'password'] }],
    ['the implicit response type', { response_types: ['token'] }],
    ['no grant at all', { grant_types: [] }],
    ['refresh_token without authorization_code', { grant_types: ['refresh_token'], redirect_uris: undefined }],
    ['an unsupported scope', { scope: 'openid admin' }],
    ['a non-string redirect URI', { redirect_uris: [42] }],
    ['redirect URIs that are not a list', { redirect_uris: 'https://app.example/cb' }],
    ['a non-http client URI', { client_uri: 'ftp://app.example' }],
    ['a name with control characters', { client_name: 'a\u0000b' }],
    ['a non-boolean enable_end_session', { enable_end_session: 'yes' }],
  ])('refuses %s as INVALID_CLIENT_METADATA', (_label, extra) => {
    expect(failure({ redirect_uris: ['https://app.example/cb'], ...extra }, admin)).toBe('INVALID_CLIENT_METADATA');
  });

  it('keeps the scopes a client asks for, when supported', () => {
    expect(validateClientMetadata({ redirect_uris: ['https://a.example/cb'], scope: 'openid email' }, owner).scopes).toEqual(['openid', 'email']);
  });

  it('refuses anonymous client_credentials, and client_credentials for a public client', () => {
    expect(failure({ grant_types: ['client_credentials'] }, dynamic)).toBe('INVALID_CLIENT_METADATA');
    expect(failure({ grant_types: ['client_credentials'], token_endpoint_auth_method: 'none' }, admin)).toBe('INVALID_CLIENT_METADATA');
  });

  it('takes client_credentials_scopes, post-logout URIs and end-session from a site admin only', () => {
    const input: ClientMetadataInput = {
      grant_types: ['client_credentials'],
      client_credentials_scopes: ['bookings:read'],
    };
    const made = validateClientMetadata(input, admin);
    expect(made.grantTypes).toEqual(['client_credentials']);
    expect(made.redirectUris).toEqual([]);
    expect(made.responseTypes).toEqual([]);
    expect(made.clientCredentialsScopes).toEqual(['bookings:read']);
    expect(failure(input, owner)).toBe('INVALID_CLIENT_METADATA');

    const endSession: ClientMetadataInput = {
      redirect_uris: ['https://a.example/cb'],
      enable_end_session: true,
      post_logout_redirect_uris: ['https://a.example/bye'],
    };
    expect(validateClientMetadata(endSession, admin)).toMatchObject({ enableEndSession: true, postLogoutRedirectUris: ['https://a.example/bye'] });
    expect(failure(endSession, owner)).toBe('INVALID_CLIENT_METADATA');
    expect(failure(endSession, dynamic)).toBe('INVALID_CLIENT_METADATA');
    expect(failure({ ...endSession, post_logout_redirect_uris: ['http://a.example/bye'] }, admin)).toBe('INVALID_REDIRECT_URI');
  });

  it('refuses user scopes among client_credentials_scopes and scopes the provider does not serve', () => {
    for (const scope of ['openid', 'offline_access', 'bookings:write']) {
      expect(failure({ grant_types: ['client_credentials'], client_credentials_scopes: [scope] }, admin)).toBe('INVALID_CLIENT_METADATA');
    }
  });
});
