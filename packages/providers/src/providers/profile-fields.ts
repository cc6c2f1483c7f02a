// Reading fields of provider profiles, which are untyped JSON: nothing is trusted to have the
// documented type.

/** The value as text, or '' when it is not text. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The value as text, or null when it is missing or empty. */
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A provider id (string or number) as text, or null. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** true for `true` and `"true"` (Apple sends both). */
export function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}
