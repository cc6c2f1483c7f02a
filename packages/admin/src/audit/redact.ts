/** JSON as the audit log stores it. */
export type AuditJson = string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };
export type AuditDetail = { [key: string]: AuditJson };

/** Keys that may hold a secret, compared lowercase without separators ("new_password" -> "newpassword"). */
const SECRET_KEY = /pass(word|wd|phrase)?|secret|token|apikey|^key$|authorization|cookie|credential|hash|signature|verifier|privatekey|otp$/;

const LIMITS = { depth: 3, keys: 30, items: 20, string: 256, total: 2048 };

/**
 * The detail as the audit log may keep it: keys that look like passwords, tokens, secrets,
 * keys or cookies are removed (at any depth), strings are cut to 256 characters, arrays to
 * 20 items, nesting to 3 levels; a detail whose JSON still exceeds 2 KB becomes `{ truncated: true }`.
 * Dates become ISO strings; functions, symbols and undefined go.
 */
export function redactDetail(detail: Record<string, unknown> | null | undefined): AuditDetail | null {
  if (detail === null || detail === undefined) return null;
  const clean = cleanObject(detail, 0);
  if (Object.keys(clean).length === 0) return null;
  return JSON.stringify(clean).length > LIMITS.total ? { truncated: true } : clean;
}

/** Whether a key looks like it holds a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

function cleanObject(value: object, depth: number): AuditDetail {
  const result: AuditDetail = {};
  for (const [key, item] of Object.entries(value).slice(0, LIMITS.keys)) {
    if (isSecretKey(key)) continue;
    const cleaned = cleanValue(item, depth + 1);
    if (cleaned !== undefined) result[key] = cleaned;
  }
  return result;
}

function cleanValue(value: unknown, depth: number): AuditJson | undefined {
  if (value === null) return null;
  if (typeof value === 'string') return value.length > LIMITS.string ? `${value.slice(0, LIMITS.string)}…` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'object') return undefined;
  if (depth > LIMITS.depth) return '[nested]';
  if (Array.isArray(value)) {
    return value.slice(0, LIMITS.items).map((item) => cleanValue(item, depth + 1) ?? null);
  }
  return cleanObject(value, depth);
}
