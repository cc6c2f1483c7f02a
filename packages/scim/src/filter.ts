import { SCIM_ERRORS, scimError } from './error-codes.js';

/** `userName eq "<value>"` (attribute and operator in any case; `\"` and `\\` escaped in the value). */
const USER_NAME_EQ = /^\s*userName\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/**
 * The one filter SCIM clients send to find a user before creating it (Okta, Entra ID): `userName
 * eq "<value>"`. Answers the value; any other filter is 400 `invalidFilter` (RFC 7644 §3.4.2.2:
 * a filter the service provider does not support).
 */
export function parseUserNameFilter(filter: string): string {
  const match = USER_NAME_EQ.exec(filter);
  if (!match) throw scimError(SCIM_ERRORS.INVALID_SCIM_FILTER, 'invalidFilter');
  return match[1]!.replace(/\\(.)/g, '$1');
}
