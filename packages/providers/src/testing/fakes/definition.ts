import type { JWTPayload } from 'jose';
import type { ProviderId } from '../../oauth-provider.port.js';
import type { FakeReply, FakeRequest } from './fake-server.js';
import type { FakeKeys } from './keys.js';

/** A provider's user, in the provider's own profile shape (GitHub: `{ profile, emails }`). */
export type FakeUser = Record<string, unknown>;

/** What the authorization endpoint remembered about a code. */
export interface Grant {
  provider: ProviderId;
  user: FakeUser;
  clientId: string;
  redirectURI: string;
  scope: string;
  codeChallenge: string | null;
  nonce: string | null;
  deviceId: string | null;
}

/** What a fake provider may use: its keys, its client id, the time, and id-token minting. */
export interface FakeEnv {
  keys: FakeKeys;
  clientId(provider: ProviderId): string;
  /** Seconds since the epoch, as the fakes see it. */
  nowSeconds(): number;
  /** An RS256 id token signed with the published fake key. */
  mint(claims: JWTPayload): Promise<string>;
}

export interface FakeRoute {
  method: 'GET' | 'POST';
  /** `https://host/path`, `*` for any one path segment. */
  url: string;
  /** How the caller is identified: a Bearer token (default), a form `access_token` (VK), or not at all. */
  auth?: 'bearer' | 'form' | 'none';
  reply(request: FakeRequest, user: FakeUser | null): FakeReply | Promise<FakeReply>;
}

/** One provider as the fakes play it: its real endpoints and answer shapes. */
export interface FakeProviderDefinition {
  id: ProviderId;
  /** The authorization endpoint (`*` for a tenant segment). */
  authorize: string;
  token: string;
  /** How the token endpoint checks the client: form fields, Basic header, or TikTok's client_key. */
  clientAuth: 'post' | 'basic' | 'client_key';
  /** Apple answers the authorization with a self-submitting form. */
  formPost?: boolean;
  /** VK ID sends a device id with the code and wants it back. */
  deviceId?: boolean;
  /** GitHub reports token errors with 200 and `{error}`. */
  errorsWith200?: boolean;
  /** How the token answer spells `scope`. */
  scopeFormat?: 'space' | 'comma' | 'array';
  /** The default user of this provider. */
  user(): FakeUser;
  /** Fields added to the token answer (id tokens, VK's user_id, TikTok's open_id). */
  tokenFields?(grant: Grant, env: FakeEnv): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Fields added to the authorization answer (Apple's `user`). */
  callbackFields?(grant: Grant): Record<string, string>;
  routes(env: FakeEnv): FakeRoute[];
}

/** A JSON 200 answer. */
export const ok = (json: unknown): FakeReply => ({ status: 200, json });
