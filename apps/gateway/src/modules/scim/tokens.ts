import type { GenerateScimToken, ListScimTokens, ScimProvisioning, ScimTokenRepository, ScimUserRepository } from '@tend/scim';
import { token } from '../../di.js';

export const SCIM = {
  /** Where the SCIM service lives: `<base URL><base path>/scim/v2`, the base of `meta.location`. */
  Base: token<string>('ScimBase'),
  Tokens: token<ScimTokenRepository>('ScimTokenRepository'),
  Users: token<ScimUserRepository>('ScimUserRepository'),
  GenerateToken: token<GenerateScimToken>('GenerateScimToken'),
  ListTokens: token<ListScimTokens>('ListScimTokens'),
  Provisioning: token<ScimProvisioning>('ScimProvisioning'),
} as const;
