import type { ApiKeyRepository, AuthenticateApiKey, CreateApiKey, DeleteApiKey, GetApiKey, ListApiKeys, UpdateApiKey, VerifyApiKey } from '@tend/api-keys';
import { token } from '../../di.js';

export const API_KEYS = {
  Repository: token<ApiKeyRepository>('ApiKeyRepository'),
  Create: token<CreateApiKey>('CreateApiKey'),
  List: token<ListApiKeys>('ListApiKeys'),
  Get: token<GetApiKey>('GetApiKey'),
  Update: token<UpdateApiKey>('UpdateApiKey'),
  Delete: token<DeleteApiKey>('DeleteApiKey'),
  Verify: token<VerifyApiKey>('VerifyApiKey'),
  Authenticate: token<AuthenticateApiKey>('AuthenticateApiKey'),
} as const;
