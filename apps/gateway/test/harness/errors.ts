// What an error answer must be: the catalogued one, or at least the spec's body without leaks.
import type { ErrorDefinition } from '@tend/kernel';
import { SCIM_ERROR_SCHEMA } from '@tend/contracts';

/** The fields of a SCIM error (RFC 7644 §3.12) the /scim/v2 routes add to `{code, message}`. */
const SCIM_ERROR_FIELDS = ['schemas', 'status', 'detail', 'scimType'];

/** The answer is the catalogued error: status, code and message. */
export function expectError(res: { status: number; body: unknown }, error: ErrorDefinition): void {
  expect({ status: res.status, body: res.body }).toEqual({ status: error.status, body: { code: error.code, message: error.message } });
}

/** What a stack trace or a server-side detail looks like in a response body. */
const LEAKS = [/\n\s+at /, /node_modules/, /\.ts:\d+/, /\bprisma\b/i, /\bSELECT\b|\bINSERT\b|\bUPDATE "/, /Error: /];

/**
 * The error body of the spec: `{ code, message }` (and `issues` for validation errors), strings,
 * with no stack trace, file path or SQL. Answers the reason when it is not, else null.
 */
export function errorBodyProblem(res: { status: number; body: unknown; text?: string }): string | null {
  const body = res.body as { code?: unknown; message?: unknown; issues?: unknown } | null;
  if (!body || typeof body !== 'object') return `the body is not a JSON object: ${String(res.text).slice(0, 200)}`;
  if (typeof body.code !== 'string' || !/^[A-Z0-9_]+$/.test(body.code)) return `code is not an UPPER_SNAKE string: ${JSON.stringify(body.code)}`;
  if (typeof body.message !== 'string' || body.message === '') return `message is not a string: ${JSON.stringify(body.message)}`;
  const extra = Object.keys(body).filter((key) => !['code', 'message', 'issues'].includes(key));
  // The identity provider's OAuth endpoints answer RFC 6749's `error` (lower snake) and `error_description` beside them.
  const oauth = body as { error?: unknown; error_description?: unknown };
  const oauthFields = extra.filter((key) => key === 'error' || key === 'error_description');
  if (oauthFields.length && (typeof oauth.error !== 'string' || !/^[a-z_]+$/.test(oauth.error) || typeof oauth.error_description !== 'string')) return `error is not an OAuth error name: ${JSON.stringify(oauth.error)}`;
  // The /scim/v2 routes' own errors carry RFC 7644 §3.12's body beside them (docs/scim.md).
  const scim = body as { schemas?: unknown; status?: unknown; detail?: unknown; scimType?: unknown };
  const scimFields = extra.filter((key) => SCIM_ERROR_FIELDS.includes(key));
  if (scimFields.length) {
    const valid = Array.isArray(scim.schemas) && scim.schemas.length === 1 && scim.schemas[0] === SCIM_ERROR_SCHEMA && typeof scim.status === 'string' && /^[45]\d\d$/.test(scim.status) && typeof scim.detail === 'string' && (scim.scimType === undefined || (typeof scim.scimType === 'string' && /^[a-zA-Z]+$/.test(scim.scimType)));
    if (!valid) return `not an RFC 7644 error body: ${JSON.stringify(body)}`;
  }
  const unexpected = extra.filter((key) => !oauthFields.includes(key) && !scimFields.includes(key));
  if (unexpected.length) return `unexpected fields ${unexpected.join(', ')}`;
  const text = res.text ?? JSON.stringify(body);
  const leak = LEAKS.find((pattern) => pattern.test(text));
  return leak ? `the body leaks ${leak}: ${text.slice(0, 300)}` : null;
}
