import { defineErrors, raise, type AuthError, type ErrorDefinition } from '@tend/kernel';
import { SCIM_ERROR_SCHEMA } from './entities.js';

/**
 * SCIM's errors. The generate-token route's are ordinary `{code, message}` errors; the /scim/v2
 * routes' carry RFC 7644 §3.12's fields besides (`scimError`).
 */
export const SCIM_ERRORS = defineErrors({
  YOU_ARE_NOT_ALLOWED_TO_MANAGE_SCIM_PROVISIONING: { status: 403, message: 'You are not allowed to manage SCIM provisioning' },
  SCIM_PROVIDER_NOT_FOUND: { status: 404, message: 'SCIM provider not found' },
  INVALID_SCIM_TOKEN: { status: 401, message: 'Invalid SCIM token' },
  SCIM_RESOURCE_NOT_FOUND: { status: 404, message: 'SCIM resource not found' },
  SCIM_USERNAME_IS_ALREADY_TAKEN: { status: 409, message: 'SCIM userName is already taken' },
  SCIM_USERNAME_IS_REQUIRED: { status: 400, message: 'SCIM userName is required' },
  INVALID_SCIM_VALUE: { status: 400, message: 'Invalid SCIM value' },
  INVALID_SCIM_FILTER: { status: 400, message: 'Invalid SCIM filter' },
  SCIM_ORGANIZATION_IS_FULL: { status: 403, message: 'SCIM organization is full' },
});

/** RFC 7644 §3.12's `scimType` of a 400 or 409. */
export type ScimType = 'uniqueness' | 'invalidValue' | 'invalidFilter' | 'invalidSyntax' | 'mutability' | 'noTarget';

/**
 * A SCIM error: the catalogued `{code, message}` plus RFC 7644's body — `schemas`, `status` (the
 * HTTP status as a string), `detail` and, for 400 and 409, `scimType`.
 */
export function scimError(definition: ErrorDefinition, scimType?: ScimType): AuthError {
  return raise(definition, { schemas: [SCIM_ERROR_SCHEMA], status: String(definition.status), detail: definition.message, ...(scimType ? { scimType } : {}) });
}
